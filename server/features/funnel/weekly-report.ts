import type { ExperimentGoal } from '../../../contracts/content/experiments';
import {
  addDays,
  conversion,
  type FunnelColumn,
  figure,
  funnelColumns,
  isCount,
  number,
  percentInText,
  utcDay,
} from '../../../contracts/funnel-figures';
import { formatRevenue } from '../../../contracts/money';
import type { ExperimentStanding, Verdict } from '../../../contracts/room/experiments';
import { enqueueOnce } from '../../db/outbox';
import type { Store } from '../../db/store';
import type { Logger } from '../../logger';
import { type Funnel, type FunnelRow, funnel } from './store';

/**
 * The owners' weekly email (OWNER_REPORT=weekly): last week's funnel beside the week before,
 * sent through the outbox. Weeks run Monday to Sunday in UTC days, as the funnel counts them.
 * Each week's report is one outbox job whose id names the week, so however many instances
 * queue it, the database keeps one and it is sent once.
 */

const hourMs = 3_600_000;
/** Reports are queued on Monday and go out from 08:00 UTC, when the week before is complete. */
const sendHourUtc = 8;
/** How often each instance looks whether this week's report is queued. */
const checkEveryMs = hourMs;

/** The Monday (a UTC day) of the week holding `at`. */
function mondayOf(at: number): string {
  const today = utcDay(new Date(at));
  const weekday = (new Date(at).getUTCDay() + 6) % 7; // Monday 0 … Sunday 6
  return addDays(today, -weekday);
}

export interface ReportWeek {
  /** First and last UTC day (YYYY-MM-DD). */
  from: string;
  to: string;
}

/** The last complete week before `now`, and the one before it. */
export function reportWeeks(now: number): { week: ReportWeek; before: ReportWeek } {
  const monday = mondayOf(now);
  const week = { from: addDays(monday, -7), to: addDays(monday, -1) };
  const before = { from: addDays(monday, -14), to: addDays(monday, -8) };
  return { week, before };
}

const jobId = (week: ReportWeek) => `owner-weekly-report-${week.from}`;

/** Queues the report of the last complete week, unless some instance already has. */
export async function queueWeeklyReport(store: Store, now: number): Promise<void> {
  const { week } = reportWeeks(now);
  const sendFrom = Date.parse(`${mondayOf(now)}T00:00:00Z`) + sendHourUtc * hourMs;
  await store.write((trx) =>
    enqueueOnce(trx, {
      id: jobId(week),
      kind: 'owner-weekly-report',
      // The week it reports on: no lead is behind it, and erasing a person never touches it.
      leadId: week.from,
      now: new Date(now).toISOString(),
      dueAt: new Date(Math.max(now, sendFrom)).toISOString(),
    }),
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

const longDay = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

function change(now: number, then: number): string {
  if (then === 0) return now === 0 ? '' : ' (new)';
  const delta = (now - then) / then;
  return ` (${delta >= 0 ? '+' : ''}${percentInText(delta)})`;
}

/** The email's names for the funnel's columns, as an owner reads them in a sentence. */
const columnLabel: Record<FunnelColumn, string> = {
  views: 'Page views',
  visitors: 'Visitors',
  signUps: 'Sign-ups',
  confirmed: 'Confirmed',
  contacts: 'Enquiries',
  conversion: 'Conversion',
  checkouts: 'Checkouts',
  sales: 'Sales',
  revenue: 'Revenue',
  applications: 'Applications',
  offers: 'Offers',
  enrolments: 'Enrolments',
  cohortRevenue: 'Cohort revenue',
};

const goalWords: Record<ExperimentGoal, string> = {
  signUps: 'sign-ups',
  checkouts: 'checkout clicks',
  sales: 'paid sales',
  applications: 'applications',
};

/** The cohort's figures of a line, those it has: "2 applications, 1 offer, 1 enrolment, £2,950.00". */
function cohortFigures(row: FunnelRow): string | null {
  const counted = (
    [
      ['applications', 'application', 'applications'],
      ['offers', 'offer', 'offers'],
      ['enrolments', 'enrolment', 'enrolments'],
    ] as const
  )
    .filter(([column]) => row[column] > 0)
    .map(([column, one, many]) => `${number(row[column])} ${row[column] === 1 ? one : many}`);
  const paid = formatRevenue(row.cohortRevenue);
  const figures = [...counted, ...(paid === '—' ? [] : [paid])];
  return figures.length > 0 ? figures.join(', ') : null;
}

/**
 * The cohort's week by where its applications came from (docs/decisions/033-cohort-applications.md):
 * each source, page and experiment's variant that brought an application, an offer or an
 * enrolment; nothing in a week without any.
 */
function cohortLines(dimensions: ReadonlyArray<[string, Funnel]>): string[] {
  const sections = dimensions.flatMap(([title, { rows }]) => {
    const lines = rows.flatMap((row) => {
      const figures = cohortFigures(row);
      return figures ? [`    ${row.key.padEnd(28)} ${figures}`] : [];
    });
    return lines.length > 0 ? [`  By ${title}:`, ...lines] : [];
  });
  return sections.length > 0
    ? ['The cohort, by where its applications came from:', ...sections, '']
    : [];
}
const verdictWords: Record<Verdict, string> = {
  'keep collecting': 'keep collecting',
  better: 'better than the control',
  worse: 'worse than the control',
  'no clear difference': 'no clear difference',
};

/**
 * Each running experiment's standing as it is when the email is made
 * (docs/decisions/027-experiments.md): every variant's visitors, conversions and rate, and,
 * against the control, its chance to beat it and where it stands.
 */
async function experimentLines(
  standingsNow: () => Promise<readonly ExperimentStanding[]>,
): Promise<string[]> {
  const standings = (await standingsNow()).filter(({ live }) => live);
  if (standings.length === 0) return [];
  const lines = ['Experiments running now:'];
  for (const experiment of standings) {
    const goal = goalWords[experiment.goal as ExperimentGoal] ?? experiment.goal;
    lines.push(`  ${experiment.name}, on ${experiment.page}, counting ${goal}:`);
    if (experiment.sampleRatioMismatch) {
      lines.push('    The split has drifted from its plan: trust no result until it is explained.');
    }
    for (const variant of experiment.variants) {
      const against =
        variant.probabilityToBeat === null
          ? ''
          : `, ${percentInText(variant.probabilityToBeat)} to beat the control, ${verdictWords[variant.verdict ?? 'keep collecting']}`;
      lines.push(
        `    ${variant.name.padEnd(16)} ${number(variant.visitors)} visitors, ${number(variant.conversions)} ${goal} (${percentInText(variant.rate)})${against}`,
      );
    }
  }
  return [...lines, ''];
}

/** The email for the week starting `from` (the job's lead_id): subject and plain text. */
export async function weeklyReport(
  store: Store,
  from: string,
  roomUrl: string,
  /** The experiments' standing now (the experiments feature's), which the report gives. */
  standingsNow: () => Promise<readonly ExperimentStanding[]> = async () => [],
): Promise<{ subject: string; text: string }> {
  const { week, before } = reportWeeks(Date.parse(`${addDays(from, 7)}T00:00:00Z`));
  const [thisWeek, lastWeek, sources, pages, variants, standings] = await Promise.all([
    funnel(store, { by: 'day', ...week }),
    funnel(store, { by: 'day', ...before }),
    funnel(store, { by: 'source', ...week }),
    funnel(store, { by: 'page', ...week }),
    funnel(store, { by: 'variant', ...week }),
    experimentLines(standingsNow),
  ]);
  // Each figure beside the week before's; a count also says by how much it changed.
  const line = (column: FunnelColumn) => {
    const text = ({ total }: Funnel) =>
      column === 'conversion' ? percentInText(conversion(total) ?? 0) : figure(total, column);
    const changed = isCount(column)
      ? change(thisWeek.total[column] ?? 0, lastWeek.total[column] ?? 0)
      : '';
    return `${columnLabel[column].padEnd(15)}${text(thisWeek).padStart(11)}   week before ${text(lastWeek)}${changed}`;
  };
  // The cohort's lines say where applications came from: a source of none of these is not here.
  const topSources = sources.rows
    .filter((row) => row.visitors > 0 || row.signUps > 0)
    .sort((a, b) => b.visitors - a.visitors || b.signUps - a.signUps)
    .slice(0, 5)
    .map(
      (row) =>
        `  ${row.key.padEnd(20)} ${number(row.visitors)} visitors, ${number(row.signUps)} sign-ups`,
    );
  const span = `${longDay.format(new Date(week.from))} – ${longDay.format(new Date(week.to))}`;
  return {
    subject: `Your week: ${number(thisWeek.total.signUps)} sign-ups, ${number(thisWeek.total.visitors)} visitors (${span})`,
    text: [
      `The funnel for ${span}, beside the week before.`,
      '',
      ...funnelColumns.map(line),
      '',
      topSources.length > 0 ? 'Where visitors came from:' : 'No visits were counted.',
      ...topSources,
      '',
      ...cohortLines([
        ['source', sources],
        ['page', pages],
        ['variant', variants],
      ]),
      ...standings,
      `More in the owner's room: ${roomUrl}`,
      '(Turn these emails off with OWNER_REPORT=off.)',
    ].join('\n'),
  };
}
