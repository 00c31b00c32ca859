import { describe, expect, it } from 'vitest';
import type { Experiment } from '../../../contracts/content/experiments';
import { resultOf } from './results';

const experiment: Experiment = {
  name: 'waitlist-headline',
  page: 'waitlist',
  goal: 'signUps',
  controlShare: 50,
  variants: [{ name: 'b', share: 50, changes: [{ field: 'hero.heading', text: 'B' }] }],
  sampleSize: 1_000,
};

describe("an experiment's standing", () => {
  it('shows each variant against the control, and keeps collecting below the fixed sample', () => {
    const result = resultOf(
      experiment,
      new Map([
        ['control', { visitors: 400, conversions: 40 }],
        ['b', { visitors: 410, conversions: 62 }],
      ]),
      true,
    );
    expect(
      result.variants.map(({ name, share, visitors, conversions }) => [
        name,
        share,
        visitors,
        conversions,
      ]),
    ).toEqual([
      ['control', 50, 400, 40],
      ['b', 50, 410, 62],
    ]);
    const [control, b] = result.variants;
    expect(control?.rate).toBeCloseTo(0.1, 10);
    expect(control?.probabilityToBeat).toBeNull();
    expect(control?.verdict).toBeNull();
    expect(b?.probabilityToBeat).toBeGreaterThan(0.95);
    expect(b?.verdict).toBe('keep collecting');
    expect(result.sampleRatioMismatch).toBe(false);
  });

  it('names the better variant once the sample is reached, and raises the alarm on a drifted split', () => {
    const reached = resultOf(
      experiment,
      new Map([
        ['control', { visitors: 1_000, conversions: 100 }],
        ['b', { visitors: 1_000, conversions: 150 }],
      ]),
      true,
    );
    expect(reached.variants[1]?.verdict).toBe('better');
    const drifted = resultOf(
      experiment,
      new Map([
        ['control', { visitors: 4_500, conversions: 450 }],
        ['b', { visitors: 5_500, conversions: 550 }],
      ]),
      true,
    );
    expect(drifted.sampleRatioMismatch).toBe(true);
  });

  it('counts no more conversions than visitors, so every figure stays a rate', () => {
    // One browser that signed up three addresses; a sign-up before its visitor was written.
    const result = resultOf(
      experiment,
      new Map([
        ['control', { visitors: 2, conversions: 3 }],
        ['b', { visitors: 0, conversions: 1 }],
      ]),
      true,
    );
    expect(result.variants.map(({ visitors, conversions }) => [visitors, conversions])).toEqual([
      [2, 2],
      [0, 0],
    ]);
    for (const variant of result.variants) {
      for (const figure of [variant.rate, variant.low, variant.high]) {
        expect(Number.isFinite(figure) && figure >= 0 && figure <= 1, String(figure)).toBe(true);
      }
    }
    expect(Number.isFinite(result.variants[1]?.probabilityToBeat)).toBe(true);
    expect(Number.isFinite(result.variants[1]?.expectedLoss)).toBe(true);
  });

  it('has nothing to say of a variant nobody has seen yet', () => {
    const empty = resultOf(experiment, new Map(), false);
    expect(
      empty.variants.map(({ visitors, rate, low, high }) => [visitors, rate, low, high]),
    ).toEqual([
      [0, 0, 0, 1],
      [0, 0, 0, 1],
    ]);
    expect(empty.variants[1]?.verdict).toBe('keep collecting');
    expect(empty.sampleRatioMismatch).toBe(false);
  });
});
