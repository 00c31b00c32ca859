import { createHmac } from 'node:crypto';

/** A variant as the split names it: its share of the page's visitors, in percent. */
export interface Share {
  name: string;
  share: number;
}

/**
 * The variant a visitor sees, chosen on the server with no cookie and nothing stored in the
 * browser (docs/decisions/027-experiments.md): an HMAC keyed by the visitor's daily key (the
 * salted hash the page views count with, decision 013) over the experiment's name, read as a
 * point in [0, 100) and placed on the split. So one visitor sees one variant all day, two
 * experiments split the same visitors independently, and without the day's secret salt nobody,
 * the visitor included, can predict a variant. A client can still look under several browsers
 * and see both: the experiment's counts leave such a client out (server/features/experiments/store.ts).
 */
export function variantFor(
  visitorKey: string,
  experiment: string,
  split: readonly Share[],
): string {
  const digest = createHmac('sha256', visitorKey).update(experiment).digest();
  // 48 bits: far finer than a percent, and exact in a double.
  const point = (digest.readUIntBE(0, 6) / 2 ** 48) * 100;
  let edge = 0;
  for (const { name, share } of split) {
    edge += share;
    if (point < edge) return name;
  }
  const last = split.at(-1);
  if (!last) throw new Error(`Experiment ${experiment} has no variants`);
  // Only when the shares add up to a hair under 100 in floating point.
  return last.name;
}
