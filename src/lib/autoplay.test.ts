import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { autoplayDelay } from './autoplay';

describe('autoplayDelay', () => {
  it('stays within the range for any random draw', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), (draw) => {
        const delay = autoplayDelay({ minMs: 4000, maxMs: 6000 }, () => draw);
        expect(delay).toBeGreaterThanOrEqual(4000);
        expect(delay).toBeLessThanOrEqual(6000);
      }),
    );
  });

  it('spans the range', () => {
    expect(autoplayDelay({ minMs: 4000, maxMs: 6000 }, () => 0)).toBe(4000);
    expect(autoplayDelay({ minMs: 4000, maxMs: 6000 }, () => 0.5)).toBe(5000);
  });
});
