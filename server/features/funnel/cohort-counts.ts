import { sql } from 'kysely';
import type { Store } from '../../db/store';
import { refundsPerPayment } from '../sales';

/**
 * What the funnel counts of the cohort (docs/decisions/033-cohort-applications.md, "The room and
 * the funnel"), each under where its application came from (its site, page, source, experiment
 * and variant, which an erased application keeps):
 * - applications, by the day they came (applying again does not count again);
 * - offers, by the day each was made (accepting, withdrawing and accepting again is two);
 * - enrolments, offers paid, by the day of the payment, with what was paid less what Stripe has
 *   refunded of it since; one refunded in full is `refunded` and no longer counts.
 * It reads the cohort's and the sales' tables; it writes none.
 */

/** Where an application came from: what the funnel's rows are keyed by. */
export interface CameFrom {
  host: string | null;
  page: string | null;
  source: string | null;
  experiment: string | null;
  variant: string | null;
}

export interface CohortGroup extends CameFrom {
  /** UTC day, YYYY-MM-DD. */
  day: string;
  count: number | string;
}

export interface Enrolment extends CameFrom {
  day: string;
  /** What was paid, in the smallest unit of `currency` (lower case). */
  amount: number;
  currency: string;
  /** What Stripe has refunded of its payment since, if anything. */
  refunded: number | string | null;
}

const cameFrom = [
  'cohort_applications.host',
  'cohort_applications.page',
  'cohort_applications.source',
  'cohort_applications.experiment',
  'cohort_applications.variant',
] as const;

/** The day of an ISO time column: its first ten characters. */
const dayOf = (column: string) => sql<string>`substr(${sql.ref(column)}, 1, 10)`;

/** The cohort's applications, offers and enrolments whose day is from `from` until before `until`. */
export async function cohortCounts(
  store: Store,
  from: string,
  until: string,
): Promise<{ applications: CohortGroup[]; offers: CohortGroup[]; enrolments: Enrolment[] }> {
  const applied = dayOf('cohort_applications.created_at');
  const offered = dayOf('cohort_offers.created_at');
  const [applications, offers, enrolments] = await Promise.all([
    store.db
      .selectFrom('cohort_applications')
      .select([...cameFrom, applied.as('day')])
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .where('cohort_applications.created_at', '>=', from)
      .where('cohort_applications.created_at', '<', until)
      .groupBy([...cameFrom, applied])
      .execute(),
    store.db
      .selectFrom('cohort_offers')
      .innerJoin('cohort_applications', 'cohort_applications.id', 'cohort_offers.application_id')
      .select([...cameFrom, offered.as('day')])
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .where('cohort_offers.created_at', '>=', from)
      .where('cohort_offers.created_at', '<', until)
      .groupBy([...cameFrom, offered])
      .execute(),
    store.db
      .selectFrom('cohort_offers')
      .innerJoin('cohort_applications', 'cohort_applications.id', 'cohort_offers.application_id')
      // What the payment's charges have had refunded, summed as the sales sum them.
      .leftJoin(refundsPerPayment(store), (join) =>
        join.onRef('refunds.payment_intent', '=', 'cohort_offers.payment_intent'),
      )
      .select([
        ...cameFrom,
        dayOf('cohort_offers.enrolled_at').as('day'),
        sql<number>`coalesce(cohort_offers.paid_amount, cohort_offers.amount)`.as('amount'),
        'cohort_offers.currency',
        'refunds.refunded',
      ])
      .where('cohort_offers.status', '=', 'enrolled')
      .where('cohort_offers.enrolled_at', '>=', from)
      .where('cohort_offers.enrolled_at', '<', until)
      .execute(),
  ]);
  return {
    applications,
    offers,
    enrolments: enrolments.map((row) => ({ ...row, amount: Number(row.amount) })),
  };
}
