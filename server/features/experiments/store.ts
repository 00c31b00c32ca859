import { type Expression, sql } from 'kysely';
import type { ExperimentGoal } from '../../../contracts/content/experiments';
import { addCounts } from '../../db/count-batch';
import type { ExperimentCheckoutTable, ExperimentExposureTable } from '../../db/schema';
import type { Store } from '../../db/store';
import { salesWithRefunds } from '../sales';

/** One variant's counts in an experiment: visitor-days shown it, and the conversions it brought. */
export interface VariantTally {
  visitors: number;
  conversions: number;
  /** Of the sign-ups counted, those Kit has confirmed; absent for a goal other than sign-ups. */
  confirmed?: number;
}

/** A click on the checkout of a page under an experiment, by the visitor's daily key. */
export type ExperimentCheckout = Omit<ExperimentCheckoutTable, 'clicks'>;

/** Counts a checkout click under its visitor's variant: once a day per visitor, however many. */
export async function addExperimentCheckout(
  store: Store,
  checkout: ExperimentCheckout,
): Promise<void> {
  await store.write((trx) =>
    trx
      .insertInto('experiment_checkouts')
      .values({ ...checkout, clicks: 1 })
      .onConflict((conflict) =>
        conflict.columns(['day', 'experiment', 'variant', 'visitor']).doUpdateSet((eb) => ({
          clicks: eb('experiment_checkouts.clicks', '+', eb.val(1)),
        })),
      )
      .execute(),
  );
}

/** A cohort application that carries an experiment, by the visitor key its variant came from. */
export interface ExperimentApplication {
  application: string;
  /** UTC day of the post. */
  day: string;
  name: string;
  variant: string;
  visitor: string;
}

/**
 * Keeps the visitor key a cohort application's variant was worked out from: the application
 * counts for it only with an exposure of that key (`countedApplications`). Applying again keeps
 * the last post's, as the application keeps the last post's experiment and variant.
 */
export async function addExperimentApplication(
  store: Store,
  { application, day, name, variant, visitor }: ExperimentApplication,
): Promise<void> {
  const row = { day, experiment: name, variant, visitor };
  await store.write((trx) =>
    trx
      .insertInto('experiment_applications')
      .values({ application_id: application, ...row })
      .onConflict((conflict) => conflict.column('application_id').doUpdateSet(row))
      .execute(),
  );
}

type Counted = { variant: string | null; count: number | string };

/**
 * The experiment's exposures that count (docs/decisions/027-experiments.md): those of a client
 * (a site and address on a day) that was shown one variant only. A client that showed itself two
 * variants, under two browsers say, counts in neither, visitors nor conversions: it is how a
 * script shops for the variant it wants, and what a handful of shared addresses do by chance.
 */
function countedExposures(store: Store, experiment: string) {
  return store.db
    .selectFrom('experiment_exposures as shown')
    .where('shown.experiment', '=', experiment)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('experiment_exposures as other')
            .select(eb.lit(1).as('one'))
            .whereRef('other.experiment', '=', 'shown.experiment')
            .whereRef('other.day', '=', 'shown.day')
            .whereRef('other.client', '=', 'shown.client')
            .whereRef('other.variant', '<>', 'shown.variant'),
        ),
      ),
    );
}

/** A counted exposure that showed this visitor key this variant on this day: a conversion's proof. */
function wasShown(
  store: Store,
  experiment: string,
  of: {
    visitor: Expression<string | null>;
    variant: Expression<string | null>;
    day: Expression<string>;
  },
) {
  return countedExposures(store, experiment)
    .select(sql.lit(1).as('one'))
    .where('shown.visitor', '=', of.visitor)
    .where('shown.variant', '=', of.variant)
    .where('shown.day', '=', of.day);
}

const signUpDay = sql<string>`substr(subscribers.created_at, 1, 10)`;

/**
 * Sign-ups that count for their variant: the form's checks passed (a solved proof of work), and
 * their visitor key was shown that variant that day by a counted exposure. Each visitor-day
 * converts once, however many addresses it signs up: the unit the visitors are counted in.
 */
function countedSignUps(store: Store, experiment: string) {
  return store.db
    .selectFrom('subscribers')
    .select('subscribers.variant')
    .select(
      sql<number | string>`count(distinct ${signUpDay} || ' ' || subscribers.visitor)`.as('count'),
    )
    .where('subscribers.experiment', '=', experiment)
    .where('subscribers.verified', '=', 1)
    .where((eb) =>
      eb.exists(
        wasShown(store, experiment, {
          visitor: eb.ref('subscribers.visitor'),
          variant: eb.ref('subscribers.variant'),
          day: signUpDay,
        }),
      ),
    )
    .groupBy('subscribers.variant');
}

/**
 * Cohort applications that count for their variant (docs/decisions/033-cohort-applications.md):
 * stored with the experiment and variant, sent with the form's checks passed (a solved proof of
 * work), and their visitor key shown that variant that day by a counted exposure, which for an
 * application sent from the application page under the cohort page's experiment means the
 * visitor saw the cohort page. Each visitor-day converts once, as sign-ups do. An erased
 * application keeps its experiment and variant, and still counts.
 */
function countedApplications(store: Store, experiment: string) {
  return store.db
    .selectFrom('cohort_applications')
    .innerJoin(
      'experiment_applications',
      'experiment_applications.application_id',
      'cohort_applications.id',
    )
    .select('cohort_applications.variant')
    .select(
      sql<
        number | string
      >`count(distinct experiment_applications.day || ' ' || experiment_applications.visitor)`.as(
        'count',
      ),
    )
    .where('cohort_applications.experiment', '=', experiment)
    .where('cohort_applications.verified', '=', 1)
    .whereRef('experiment_applications.experiment', '=', 'cohort_applications.experiment')
    .whereRef('experiment_applications.variant', '=', 'cohort_applications.variant')
    .where((eb) =>
      eb.exists(
        wasShown(store, experiment, {
          visitor: eb.ref('experiment_applications.visitor'),
          variant: eb.ref('experiment_applications.variant'),
          day: eb.ref('experiment_applications.day'),
        }),
      ),
    )
    .groupBy('cohort_applications.variant');
}

/**
 * What an experiment's goal counts, by variant (docs/decisions/027-experiments.md):
 * - sign-ups: each visitor-day shown the variant once, that passed the form's checks;
 * - checkouts: each visitor-day shown the variant that clicked the checkout, once;
 * - sales: paid sales whose signed reference names the variant, less those refunded in full;
 * - applications: cohort applications of a visitor-day shown the variant, once, that passed the
 *   form's checks.
 */
function conversionsOf(store: Store, experiment: string, goal: ExperimentGoal): Promise<Counted[]> {
  switch (goal) {
    case 'signUps':
      return countedSignUps(store, experiment).execute();
    case 'checkouts':
      return store.db
        .selectFrom('experiment_checkouts')
        .select('experiment_checkouts.variant')
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .where('experiment_checkouts.experiment', '=', experiment)
        .where((eb) =>
          eb.exists(
            wasShown(store, experiment, {
              visitor: eb.ref('experiment_checkouts.visitor'),
              variant: eb.ref('experiment_checkouts.variant'),
              day: eb.ref('experiment_checkouts.day'),
            }),
          ),
        )
        .groupBy('experiment_checkouts.variant')
        .execute();
    case 'sales':
      return (
        salesWithRefunds(store)
          .select('sales.variant')
          .select((eb) => eb.fn.countAll<number | string>().as('count'))
          .where('sales.experiment', '=', experiment)
          .where('sales.status', '=', 'paid')
          // Held for the owner's review: no sale until confirmed (decision 034).
          .where((eb) =>
            eb.not(
              eb.exists(
                eb
                  .selectFrom('workshop_attendees')
                  .select(eb.lit(1).as('one'))
                  .whereRef('workshop_attendees.id', '=', 'sales.id')
                  .where('workshop_attendees.status', '=', 'review'),
              ),
            ),
          )
          .where((eb) =>
            eb.or([
              eb('refunds.refunded', 'is', null),
              eb('refunds.refunded', '<', eb.ref('sales.amount')),
            ]),
          )
          .groupBy('sales.variant')
          .execute()
      );
    case 'applications':
      return countedApplications(store, experiment).execute();
  }
}

/**
 * An experiment's counts by variant. A visitor is counted once a day, as the page views count
 * them (decision 013), when their client was shown that variant only; the conversions are those
 * of its goal. For sign-ups, those whose address Kit has since confirmed are counted beside them.
 */
export async function experimentTallies(
  store: Store,
  experiment: string,
  goal: ExperimentGoal,
): Promise<Map<string, VariantTally>> {
  const [shown, converted, confirmed] = await Promise.all([
    countedExposures(store, experiment)
      .select('shown.variant')
      .select((eb) => eb.fn.countAll<number | string>().as('visitors'))
      .groupBy('shown.variant')
      .execute(),
    conversionsOf(store, experiment, goal),
    goal === 'signUps'
      ? countedSignUps(store, experiment)
          .where('subscribers.confirmed_at', 'is not', null)
          .execute()
      : [],
  ]);
  const tallies = new Map<string, VariantTally>();
  const tallyOf = (variant: string) => {
    let tally = tallies.get(variant);
    if (!tally) {
      tally = { visitors: 0, conversions: 0, ...(goal === 'signUps' && { confirmed: 0 }) };
      tallies.set(variant, tally);
    }
    return tally;
  };
  for (const row of shown) tallyOf(row.variant).visitors = Number(row.visitors);
  for (const row of converted)
    if (row.variant) tallyOf(row.variant).conversions = Number(row.count);
  for (const row of confirmed) if (row.variant) tallyOf(row.variant).confirmed = Number(row.count);
  return tallies;
}

export type ExposureCount = ExperimentExposureTable;

/** Adds exposures to experiments' variants: the one writer of experiment_exposures. */
export const addExposures = (store: Store, counts: readonly ExposureCount[]) =>
  addCounts(store, 'experiment_exposures', ['day', 'experiment', 'variant', 'visitor'], counts);
