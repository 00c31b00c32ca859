import { z } from 'zod';
import { addDays, daysIn } from '../funnel-figures';
import { count } from './fields';

/**
 * The room's funnel (roomApi.funnel): the period asked, and the views, visitors, leads, sales and
 * the cohort's applications of each source, page, day and experiment's variant in it
 * (contracts/funnel-figures.ts holds how every face counts them).
 */

/** The period shown when the owner has not chosen one: the last four weeks, today included. */
export const defaultFunnelDays = 28;
/** The longest period asked at once, so that an answer by day stays a year's worth at most. */
export const maxFunnelDays = 366;

const daySchema = z
  .string({ error: 'must be a day such as 2026-01-31.' })
  .regex(/^\d{4}-\d\d-\d\d$/, 'must be a day such as 2026-01-31.')
  // 2026-02-30 matches the pattern but is no day: Date reads it as nothing, or as 2 March.
  .refine((day) => {
    const time = Date.parse(`${day}T00:00:00Z`);
    return !Number.isNaN(time) && new Date(time).toISOString().startsWith(day);
  }, 'must be a day of the calendar.');

/** GET funnel?from=&to= : UTC days, both counted; either may be left out. */
export const funnelQuerySchema = z.strictObject({
  from: daySchema.optional(),
  to: daySchema.optional(),
});
export type FunnelQuery = z.infer<typeof funnelQuerySchema>;

/**
 * The period a query asks for, `today` filling what it leaves out: it ends on `to` (today) and
 * starts on `from` (four weeks before the end). A message for `from` when it is not a period
 * the funnel answers.
 */
export function funnelPeriod(
  query: FunnelQuery,
  today: string,
): { from: string; to: string } | { problem: string } {
  const to = query.to ?? today;
  const from = query.from ?? addDays(to, 1 - defaultFunnelDays);
  if (from > to) return { problem: 'must be on or before the end of the period.' };
  if (daysIn(from, to) > maxFunnelDays) {
    return { problem: `must be at most ${maxFunnelDays} days before the end of the period.` };
  }
  return { from, to };
}

/** Money per currency (lower-case code) in its smallest unit: { gbp: 4900 }. */
const money = z.record(z.string().regex(/^[a-z]{3}$/), z.number().int());

/**
 * One line of the funnel: a source, a page (host and path), a UTC day or an experiment's variant
 * ("cohort-headline/bold"), or the total.
 */
export const funnelRowSchema = z.strictObject({
  key: z.string(),
  views: count,
  /** Different visitors each day, added up over the days (the anonymous hash changes daily). */
  visitors: count,
  signUps: count,
  /** Of those sign-ups, how many confirmed their address in Kit (decision 021). */
  confirmed: count,
  /** Contact submissions; null by source, which the contact form does not keep. */
  contacts: count.nullable(),
  /** Clicks on checkout links, counted by the server (decision 020). */
  checkouts: count,
  /** Paid workshop sales (not the cohort's payments); one refunded in full no longer counts. */
  sales: count,
  /** Net of refunds, per currency (lower-case code) in its smallest unit: { gbp: 4900 }. */
  revenue: money,
  /** Cohort applications, by the day they came (docs/decisions/033-cohort-applications.md). */
  applications: count,
  /** Offers of a seat made to accepted applications, by the day each was made. */
  offers: count,
  /** Offers paid, by the day of the payment; one refunded in full no longer counts. */
  enrolments: count,
  /** What the enrolments paid, net of refunds, as `revenue` is written. */
  cohortRevenue: money,
});
export type FunnelLine = z.infer<typeof funnelRowSchema>;

export const funnelAnswerSchema = z.strictObject({
  from: z.string(),
  to: z.string(),
  total: funnelRowSchema,
  /** Most visitors first. */
  bySource: z.array(funnelRowSchema),
  byPage: z.array(funnelRowSchema),
  /** Each variant of an experiment that showed anything in the period, most visitors first. */
  byVariant: z.array(funnelRowSchema),
  /** Every day of the period, oldest first, days without visits included. */
  byDay: z.array(funnelRowSchema),
});
export type FunnelAnswer = z.infer<typeof funnelAnswerSchema>;
