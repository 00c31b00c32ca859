import { describe, expect, it } from 'vitest';
import { backoffDelayMs } from './backoff';

const policy = { baseDelayMs: 1000, maxDelayMs: 60_000 };

describe('backoffDelayMs', () => {
  it('doubles per attempt, between half and all of the ceiling', () => {
    for (const [attempts, ceiling] of [
      [1, 1000],
      [2, 2000],
      [3, 4000],
      [6, 32_000],
    ]) {
      expect(backoffDelayMs(attempts as number, policy, () => 0)).toBe((ceiling as number) / 2);
      expect(backoffDelayMs(attempts as number, policy, () => 0.999_999)).toBeCloseTo(
        ceiling as number,
        0,
      );
    }
  });

  it('is capped', () => {
    expect(backoffDelayMs(40, policy, () => 1)).toBe(60_000);
  });
});
