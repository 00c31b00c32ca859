import jStat from 'jstat';
import type { Verdict } from '../../../contracts/room/experiments';

/**
 * The numbers the room shows for each variant of an experiment (docs/decisions/027-experiments.md):
 * its rate with a 95% interval, the probability that it beats the control and the expected loss
 * of choosing it (Beta-Binomial, uniform prior), whether the split has drifted from its plan, and
 * the sample each variant needs, fixed before the start. jStat supplies the special functions.
 */

/** One variant's counts: visitors exposed to it, and those of them who converted. */
export interface Arm {
  visitors: number;
  conversions: number;
}

/** A Beta distribution, by its two shape parameters. */
interface Beta {
  alpha: number;
  beta: number;
}

/** The posterior of an arm's rate under a uniform prior, Beta(1 + conversions, 1 + the rest). */
function posterior({ visitors, conversions }: Arm): Beta {
  return { alpha: 1 + conversions, beta: 1 + visitors - conversions };
}

const z95 = jStat.normal.inv(0.975, 0, 1);

/**
 * The conversion rate with its 95% Wilson score interval: unlike the textbook "rate ± 1.96 ×
 * standard error", it stays within 0–1 and means something for a handful of visitors.
 */
export function rateInterval({ visitors, conversions }: Arm): {
  rate: number;
  low: number;
  high: number;
} {
  if (visitors === 0) return { rate: 0, low: 0, high: 1 };
  const rate = conversions / visitors;
  const z2 = z95 * z95;
  const centre = (rate + z2 / (2 * visitors)) / (1 + z2 / visitors);
  const half =
    (z95 / (1 + z2 / visitors)) *
    Math.sqrt((rate * (1 - rate)) / visitors + z2 / (4 * visitors * visitors));
  return { rate, low: Math.max(0, centre - half), high: Math.min(1, centre + half) };
}

/**
 * P(X > Y) for independent X ~ x and Y ~ y, in closed form (Evan Miller, "Formulas for Bayesian
 * A/B Testing"): a sum of x.alpha terms, each taken in logarithms so large counts neither
 * overflow nor underflow. It sums over whichever of the two alphas is smaller.
 */
function beats(x: Beta, y: Beta): number {
  if (x.alpha > y.alpha) return 1 - beats(y, x);
  let sum = 0;
  const base = jStat.betaln(y.alpha, y.beta);
  for (let i = 0; i < x.alpha; i++) {
    sum += Math.exp(
      jStat.betaln(y.alpha + i, y.beta + x.beta) -
        Math.log(x.beta + i) -
        jStat.betaln(1 + i, x.beta) -
        base,
    );
  }
  return Math.min(1, Math.max(0, sum));
}

/** The probability that the variant's true rate is higher than the control's. */
export function probabilityToBeat(variant: Arm, control: Arm): number {
  return beats(posterior(variant), posterior(control));
}

/**
 * What choosing the variant is expected to cost if the control is in fact better:
 * E[max(rate of control − rate of variant, 0)], in rate (0.004 is 0.4 percentage points). With
 * control ~ Beta(a, b) and variant ~ Beta(c, d), E[X·1{X > Y}] = a/(a+b) · P(X' > Y) with
 * X' ~ Beta(a + 1, b), and likewise for Y, so it too is a pair of closed forms.
 */
export function expectedLoss(variant: Arm, control: Arm): number {
  const x = posterior(control);
  const y = posterior(variant);
  const loss =
    (x.alpha / (x.alpha + x.beta)) * beats({ alpha: x.alpha + 1, beta: x.beta }, y) -
    (y.alpha / (y.alpha + y.beta)) * beats(x, { alpha: y.alpha + 1, beta: y.beta });
  return Math.max(0, loss);
}

/** Below this p-value the split is taken to have drifted from its plan (Kohavi et al.). */
export const sampleRatioAlarm = 0.001;

/**
 * A sample-ratio mismatch: Pearson's chi-square test of the visitors each variant got against the
 * shares planned for them (percent). A mismatch means the assignment or the counting is broken,
 * and no result of the experiment can be trusted until it is explained.
 */
export function sampleRatio(
  visitors: readonly number[],
  shares: readonly number[],
): { chiSquare: number; p: number; mismatch: boolean } {
  const total = visitors.reduce((sum, count) => sum + count, 0);
  const planned = shares.reduce((sum, share) => sum + share, 0);
  if (total === 0) return { chiSquare: 0, p: 1, mismatch: false };
  const chiSquare = visitors.reduce((sum, observed, index) => {
    const expected = (total * (shares[index] ?? 0)) / planned;
    return sum + (observed - expected) ** 2 / expected;
  }, 0);
  const p = 1 - jStat.chisquare.cdf(chiSquare, visitors.length - 1);
  return { chiSquare, p, mismatch: p < sampleRatioAlarm };
}

/**
 * The visitors each variant needs to detect a relative lift of `lift` on a page that converts at
 * `baseline`, with a two-sided 5% test of two proportions and 80% power (Fleiss' formula without
 * continuity correction: the null's variance at the pooled rate). The room proposes it; the owner
 * fixes it before the start.
 */
export function sampleSizePerVariant(baseline: number, lift: number): number {
  if (!(baseline > 0 && baseline < 1) || !(lift > 0) || baseline * (1 + lift) >= 1) {
    throw new RangeError(
      'expected a baseline rate between 0 and 1 and a lift that keeps it below 1',
    );
  }
  const target = baseline * (1 + lift);
  const pooled = (baseline + target) / 2;
  const power = jStat.normal.inv(0.8, 0, 1);
  const root =
    z95 * Math.sqrt(2 * pooled * (1 - pooled)) +
    power * Math.sqrt(baseline * (1 - baseline) + target * (1 - target));
  return Math.ceil(root ** 2 / (target - baseline) ** 2);
}

/**
 * Each challenger's verdict against the control once both have their fixed sample. A challenger
 * is better (or worse) when the probability that it beats the control is beyond 1 − 2.5% / the
 * number of challengers (or below its complement): two-sided 5% over all of them, so an
 * experiment whose variants are all alike names a winner in at most 2.5% of runs.
 */
export function verdictOf(
  variant: Arm,
  control: Arm,
  { sampleSize, challengers }: { sampleSize: number; challengers: number },
): Verdict {
  if (variant.visitors < sampleSize || control.visitors < sampleSize) return 'keep collecting';
  const threshold = 0.025 / Math.max(1, challengers);
  const probability = probabilityToBeat(variant, control);
  if (probability >= 1 - threshold) return 'better';
  if (probability <= threshold) return 'worse';
  return 'no clear difference';
}
