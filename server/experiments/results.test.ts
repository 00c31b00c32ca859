import { describe, expect, it } from 'vitest';
import type { Experiment } from '../../contracts/content/experiments';
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
