import type { ExperimentGoal } from '../../contracts/content/experiments';
import { salesWithRefunds } from './sales';
import type { ExperimentCheckoutTable } from './schema';
import type { Store } from './store';

/** One variant's counts in an experiment: visitor-days shown it, and the conversions it brought. */
export interface VariantTally {
  visitors: number;
  conversions: number;
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

type Counted = { variant: string | null; count: number | string };

/**
 * What an experiment's goal counts, by variant (docs/decisions/027-experiments.md):
 * - sign-ups: each address once, whatever lists it joined from the page;
 * - checkouts: each visitor-day that clicked the checkout once, as the visitors are counted;
 * - sales: paid sales whose click came from the variant, less those refunded in full.
 */
function conversionsOf(store: Store, experiment: string, goal: ExperimentGoal): Promise<Counted[]> {
  switch (goal) {
    case 'signUps':
      return store.db
        .selectFrom('subscribers')
        .select('variant')
        .select((eb) => eb.fn.count<number | string>('email').distinct().as('count'))
        .where('experiment', '=', experiment)
        .groupBy('variant')
        .execute();
    case 'checkouts':
      return store.db
        .selectFrom('experiment_checkouts')
        .select('variant')
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .where('experiment', '=', experiment)
        .groupBy('variant')
        .execute();
    case 'sales':
      return salesWithRefunds(store)
        .select('sales.variant')
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .where('sales.experiment', '=', experiment)
        .where('sales.status', '=', 'paid')
        .where((eb) =>
          eb.or([
            eb('refunds.refunded', 'is', null),
            eb('refunds.refunded', '<', eb.ref('sales.amount')),
          ]),
        )
        .groupBy('sales.variant')
        .execute();
  }
}

/**
 * An experiment's counts by variant. A visitor is counted once a day, as the page views count
 * them (decision 013); the conversions are those of its goal.
 */
export async function experimentTallies(
  store: Store,
  experiment: string,
  goal: ExperimentGoal,
): Promise<Map<string, VariantTally>> {
  const [shown, converted] = await Promise.all([
    store.db
      .selectFrom('experiment_exposures')
      .select('variant')
      .select((eb) => eb.fn.countAll<number | string>().as('visitors'))
      .where('experiment', '=', experiment)
      .groupBy('variant')
      .execute(),
    conversionsOf(store, experiment, goal),
  ]);
  const tallies = new Map<string, VariantTally>();
  const tallyOf = (variant: string) => {
    let tally = tallies.get(variant);
    if (!tally) {
      tally = { visitors: 0, conversions: 0 };
      tallies.set(variant, tally);
    }
    return tally;
  };
  for (const row of shown) tallyOf(row.variant).visitors = Number(row.visitors);
  for (const row of converted)
    if (row.variant) tallyOf(row.variant).conversions = Number(row.count);
  return tallies;
}
