import { describe, expect, it } from 'vitest';
import { median } from './median';

describe('median', () => {
  it('is the middle run for an odd count, the mean of the two middle ones for an even count', () => {
    expect(median([1359, 1202, 1427])).toBe(1359);
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });

  it('leaves out failed runs (NaN), and is NaN when every run failed', () => {
    expect(median([Number.NaN, 10, 30])).toBe(20);
    expect(median([Number.NaN])).toBeNaN();
    expect(median([])).toBeNaN();
  });
});
