import { formatRevenue } from '../../contracts/money';
import { conversion } from '../../contracts/owner-funnel';
import { type Funnel, funnel } from '../db/funnel';
import type { Store } from '../db/store';
import type { Logger } from '../logger';

/**
 * The owners' weekly email (OWNER_REPORT=weekly): last week's funnel beside the week before,
 * sent through the outbox. Weeks run Monday to Sunday in UTC days, as the funnel counts them.
 * Each week's report is one outbox job whose id names the week, so however many instances
 * queue it, the database keeps one and it is sent once.
 */

const day = 86_400_000;
/** Reports are queued on Monday and go out from 08:00 UTC, when the week before is complete. */
const sendHourUtc = 8;
/** How often each instance looks whether this week's report is queued. */
const checkEveryMs = 3_600_000;

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The Monday (UTC midnight) of the week holding `at`. */
function mondayOf(at: number): number {
  const midnight = Math.floor(at / day) * day;
  const weekday = (new Date(midnight).getUTCDay() + 6) % 7; // Monday 0 … Sunday 6
  return midnight - weekday * day;
}

export interface ReportWeek {
  /** First and last UTC day (YYYY-MM-DD). */
  from: string;
  to: string;
}

/** The last complete week before `now`, and the one before it. */
export function reportWeeks(now: number): { week: ReportWeek; before: ReportWeek } {
  const monday = mondayOf(now);
  const week = { from: isoDay(monday - 7 * day), to: isoDay(monday - day) };
  const before = { from: isoDay(monday - 14 * day), to: isoDay(monday - 8 * day) };
  return { week, before };
}

const jobId = (week: ReportWeek) => `owner-weekly-report-${week.from}`;

/** Queues the report of the last complete week, unless some instance already has. */
export async function queueWeeklyReport(store: Store, now: number): Promise<void> {
  const { week } = reportWeeks(now);
  const sendFrom = mondayOf(now) + sendHourUtc * 3_600_000;
  await store.write((trx) =>
    trx
      .insertInto('outbox_jobs')
      .values({
        id: jobId(week),
        created_at: new Date(now).toISOString(),
        kind: 'owner-weekly-report',
        // The week it reports on: no lead is behind it, and erasing a person never touches it.
        lead_id: week.from,
        status: 'pending',
        attempts: 0,
        next_attempt_at: new Date(Math.max(now, sendFrom)).toISOString(),
      })
      .onConflict((conflict) => conflict.column('id').doNothing())
      .execute(),
  );
}

/** Queues each week's report as the weeks turn; stop() on shutdown. */
export function startWeeklyReports(store: Store, logger: Pick<Logger, 'error'>) {
  const check = () =>
    queueWeeklyReport(store, Date.now()).catch((error: unknown) =>
      logger.error({ err: error }, 'queueing the weekly report failed; retrying within the hour'),
    );
  void check();
  const timer = setInterval(() => void check(), checkEveryMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}

const count = new Intl.NumberFormat('en-GB');
const percent = new Intl.NumberFormat('en-GB', { style: 'percent', maximumFractionDigits: 1 });
const longDay = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

function change(now: number, then: number): string {
  if (then === 0) return now === 0 ? '' : ' (new)';
  const delta = (now - then) / then;
  return ` (${delta >= 0 ? '+' : ''}${percent.format(delta)})`;
}

/** The email for the week starting `from` (the job's lead_id): subject and plain text. */
export async function weeklyReport(
  store: Store,
  from: string,
  roomUrl: string,
): Promise<{ subject: string; text: string }> {
  const { week, before } = reportWeeks(Date.parse(`${from}T00:00:00Z`) + 7 * day);
  const [thisWeek, lastWeek, sources] = await Promise.all([
    funnel(store, { by: 'day', ...week }),
    funnel(store, { by: 'day', ...before }),
    funnel(store, { by: 'source', ...week }),
  ]);
  const line = (label: string, pick: (funnel: Funnel) => number) => {
    const now = pick(thisWeek);
    const then = pick(lastWeek);
    return `${label.padEnd(12)}${count.format(now).padStart(9)}   week before ${count.format(then)}${change(now, then)}`;
  };
  const converted = (funnel: Funnel) => conversion(funnel.total) ?? 0;
  const topSources = [...sources.rows]
    .sort((a, b) => b.visitors - a.visitors || b.signUps - a.signUps)
    .slice(0, 5)
    .map(
      (row) =>
        `  ${row.key.padEnd(20)} ${count.format(row.visitors)} visitors, ${count.format(row.signUps)} sign-ups`,
    );
  const span = `${longDay.format(new Date(week.from))} – ${longDay.format(new Date(week.to))}`;
  return {
    subject: `Your week: ${count.format(thisWeek.total.signUps)} sign-ups, ${count.format(thisWeek.total.visitors)} visitors (${span})`,
    text: [
      `The funnel for ${span}, beside the week before.`,
      '',
      line('Page views', (f) => f.total.views),
      line('Visitors', (f) => f.total.visitors),
      line('Sign-ups', (f) => f.total.signUps),
      line('Confirmed', (f) => f.total.confirmed),
      line('Enquiries', (f) => f.total.contacts ?? 0),
      `${'Conversion'.padEnd(12)}${percent.format(converted(thisWeek)).padStart(9)}   week before ${percent.format(converted(lastWeek))}`,
      line('Checkouts', (f) => f.total.checkouts),
      line('Sales', (f) => f.total.sales),
      `${'Revenue'.padEnd(12)}${formatRevenue(thisWeek.total.revenue).padStart(9)}   week before ${formatRevenue(lastWeek.total.revenue)}`,
      '',
      topSources.length > 0 ? 'Where visitors came from:' : 'No visits were counted.',
      ...topSources,
      '',
      `More in the owner's room: ${roomUrl}`,
      '(Turn these emails off with OWNER_REPORT=off.)',
    ].join('\n'),
  };
}
