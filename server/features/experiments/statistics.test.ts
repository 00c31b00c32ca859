import jStat from 'jstat';
import { describe, expect, it } from 'vitest';
import {
  type Arm,
  expectedLoss,
  probabilityToBeat,
  rateInterval,
  sampleRatio,
  sampleSizePerVariant,
  verdictOf,
} from './statistics';

/** mulberry32: a small seeded generator, so every simulation here gives the same numbers each run. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

/** `visitors` who each convert with probability `rate`. */
function simulate(random: () => number, visitors: number, rate: number): Arm {
  let conversions = 0;
  for (let i = 0; i < visitors; i++) if (random() < rate) conversions++;
  return { visitors, conversions };
}

/** ∫₀¹ f(x) dx by Simpson's rule: an independent check on the closed forms. */
function integrate(f: (x: number) => number, steps = 20_000): number {
  const h = 1 / steps;
  let sum = f(0) + f(1);
  for (let i = 1; i < steps; i++) sum += (i % 2 ? 4 : 2) * f(i * h);
  return (sum * h) / 3;
}

const posterior = ({ visitors, conversions }: Arm) => [1 + conversions, 1 + visitors - conversions];

describe('the rate and its 95% interval', () => {
  // Newcombe (1998), "Two-sided confidence intervals for the single proportion: comparison of
  // seven methods", Statistics in Medicine 17:857–872, Table I, method 3 (the Wilson score).
  it.each([
    [81, 263, 0.2553, 0.3662],
    [15, 148, 0.0624, 0.1605],
    [0, 20, 0, 0.1611],
    [1, 29, 0.0061, 0.1718],
  ])('%i of %i: Newcombe’s worked example', (conversions, visitors, low, high) => {
    const interval = rateInterval({ visitors, conversions });
    expect(interval.rate).toBeCloseTo(conversions / visitors, 10);
    expect(interval.low).toBeCloseTo(low, 4);
    expect(interval.high).toBeCloseTo(high, 4);
  });

  it('says nothing is known of a variant nobody has seen', () => {
    expect(rateInterval({ visitors: 0, conversions: 0 })).toEqual({ rate: 0, low: 0, high: 1 });
  });
});

describe('the probability that a variant beats the control, and the loss of choosing it', () => {
  const cases: Array<[Arm, Arm]> = [
    [
      { visitors: 1000, conversions: 120 },
      { visitors: 1000, conversions: 100 },
    ],
    [
      { visitors: 250, conversions: 9 },
      { visitors: 300, conversions: 14 },
    ],
    [
      { visitors: 40_000, conversions: 2_150 },
      { visitors: 40_000, conversions: 2_000 },
    ],
  ];

  it.each(cases)('%o against %o agrees with the integral it stands for', (variant, control) => {
    const [a, b] = posterior(control) as [number, number];
    const [c, d] = posterior(variant) as [number, number];
    // P(variant > control) = ∫ f_variant(x) · F_control(x) dx
    const probability = integrate((x) => jStat.beta.pdf(x, c, d) * jStat.beta.cdf(x, a, b));
    expect(probabilityToBeat(variant, control)).toBeCloseTo(probability, 5);
    // E[max(control − variant, 0)] = ∫ f_variant(y) · E[(X − y)⁺] dy, with
    // E[(X − y)⁺] = mean_X · (1 − F_{Beta(a+1, b)}(y)) − y · (1 − F_X(y)).
    const loss = integrate(
      (y) =>
        jStat.beta.pdf(y, c, d) *
        ((a / (a + b)) * (1 - jStat.beta.cdf(y, a + 1, b)) - y * (1 - jStat.beta.cdf(y, a, b))),
    );
    expect(expectedLoss(variant, control)).toBeCloseTo(loss, 6);
  });

  it('is a coin toss between two equal records, and the two sides add up to one', () => {
    const arm = { visitors: 2_000, conversions: 160 };
    expect(probabilityToBeat(arm, arm)).toBeCloseTo(0.5, 8);
    const [variant, control] = cases[1] as [Arm, Arm];
    expect(probabilityToBeat(variant, control) + probabilityToBeat(control, variant)).toBeCloseTo(
      1,
      8,
    );
  });

  it('costs little to choose a variant that is clearly better, and much to choose one that is worse', () => {
    const better = { visitors: 10_000, conversions: 1_200 };
    const worse = { visitors: 10_000, conversions: 1_000 };
    expect(expectedLoss(better, worse)).toBeLessThan(1e-6);
    expect(expectedLoss(worse, better)).toBeCloseTo(0.02, 3);
  });
});

describe('the sample-ratio alarm', () => {
  it('fires on Kohavi’s example: 821,588 against 815,482 on a 50/50 split, p ≈ 1.8e-6', () => {
    // Kohavi, Tang and Xu, "Trustworthy Online Controlled Experiments" (2020), chapter 3.
    const result = sampleRatio([821_588, 815_482], [50, 50]);
    expect(result.p).toBeCloseTo(1.8e-6, 7);
    expect(result.mismatch).toBe(true);
  });

  it('fires on a planted 45/55 split of 10,000 visitors, and not on the split’s own noise', () => {
    expect(sampleRatio([4_500, 5_500], [50, 50]).mismatch).toBe(true);
    expect(sampleRatio([4_950, 5_050], [50, 50]).mismatch).toBe(false);
    expect(sampleRatio([2_030, 2_980, 4_990], [20, 30, 50]).mismatch).toBe(false);
    expect(sampleRatio([2_300, 2_800, 4_900], [20, 30, 50]).mismatch).toBe(true);
  });
});

describe('the sample each variant needs', () => {
  it('gives a power of 80% at the lift it was asked for', () => {
    const baseline = 0.2;
    const lift = 0.25;
    const n = sampleSizePerVariant(baseline, lift);
    expect(n).toBe(1094);
    // Simulated: how often a two-sided 5% z-test of two proportions sees the planted lift.
    const random = seeded(7);
    let detected = 0;
    const runs = 2_000;
    for (let run = 0; run < runs; run++) {
      const control = simulate(random, n, baseline);
      const variant = simulate(random, n, baseline * (1 + lift));
      const pooled = (control.conversions + variant.conversions) / (2 * n);
      const z =
        (variant.conversions - control.conversions) /
        n /
        Math.sqrt((pooled * (1 - pooled) * 2) / n);
      if (Math.abs(z) > 1.959964) detected++;
    }
    expect(detected / runs).toBeGreaterThan(0.77);
    expect(detected / runs).toBeLessThan(0.83);
  });

  it('refuses a rate or a lift that cannot be planned for', () => {
    expect(() => sampleSizePerVariant(0, 0.1)).toThrow(RangeError);
    expect(() => sampleSizePerVariant(0.6, 1)).toThrow(RangeError);
    expect(() => sampleSizePerVariant(0.1, 0)).toThrow(RangeError);
  });
});

describe('the verdict', () => {
  it('keeps collecting until both sides have the fixed sample, whatever the numbers say', () => {
    const control = { visitors: 400, conversions: 20 };
    const variant = { visitors: 400, conversions: 60 };
    expect(verdictOf(variant, control, { sampleSize: 500, challengers: 1 })).toBe(
      'keep collecting',
    );
    expect(verdictOf(variant, control, { sampleSize: 400, challengers: 1 })).toBe('better');
    expect(verdictOf(control, variant, { sampleSize: 400, challengers: 1 })).toBe('worse');
  });

  it('names a winner in at most 5% of 1,000 A/A experiments', () => {
    const random = seeded(2026);
    const sampleSize = 1_500;
    let winners = 0;
    for (let run = 0; run < 1_000; run++) {
      const control = simulate(random, sampleSize, 0.08);
      const variant = simulate(random, sampleSize, 0.08);
      if (verdictOf(variant, control, { sampleSize, challengers: 1 }) === 'better') winners++;
    }
    expect(winners).toBeLessThanOrEqual(50);
    // The rule is not simply silent: it is near its planned 2.5%.
    expect(winners).toBeGreaterThan(5);
  });
});
