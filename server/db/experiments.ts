import type { Store } from './store';

/** One variant's counts in an experiment: visitor-days shown it, and sign-ups it brought. */
export interface VariantTally {
  visitors: number;
  conversions: number;
}

/**
 * An experiment's counts by variant (docs/decisions/027-experiments.md). A visitor is counted
 * once a day, as the page views count them (decision 013); a sign-up once per address, whatever
 * lists it joined from that page.
 */
export async function experimentTallies(
  store: Store,
  experiment: string,
): Promise<Map<string, VariantTally>> {
  const [shown, signedUp] = await Promise.all([
    store.db
      .selectFrom('experiment_exposures')
      .select('variant')
      .select((eb) => eb.fn.countAll<number | string>().as('visitors'))
      .where('experiment', '=', experiment)
      .groupBy('variant')
      .execute(),
    store.db
      .selectFrom('subscribers')
      .select('variant')
      .select((eb) => eb.fn.count<number | string>('email').distinct().as('conversions'))
      .where('experiment', '=', experiment)
      .groupBy('variant')
      .execute(),
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
  for (const row of signedUp)
    if (row.variant) tallyOf(row.variant).conversions = Number(row.conversions);
  return tallies;
}
