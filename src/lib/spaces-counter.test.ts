import { describe, expect, it } from 'vitest';
import {
  initialSpaces,
  nextTickDelay,
  parseStoredSpaces,
  type SpacesRules,
  spacesAfterSignUp,
  tickSpaces,
} from './spaces-counter';

const rules: SpacesRules = {
  start: 983,
  floor: 250,
  drop: { min: 1, max: 3 },
  delayMs: { min: 5000, max: 10_000 },
};

describe('spaces counter (product brief §4, §9)', () => {
  it('starts at 983, or at the stored value when it is sensible', () => {
    expect(initialSpaces(null, rules)).toBe(983);
    expect(initialSpaces('700', rules)).toBe(700);
    for (const garbage of ['', 'abc', '-5', '12.5', '9999', '100', '1e3', ' 700x']) {
      expect(initialSpaces(garbage, rules)).toBe(983);
    }
    expect(parseStoredSpaces('250', rules)).toBe(250);
  });

  it('drops by 1 to 3 per tick, the whole range reachable', () => {
    expect(tickSpaces(900, rules, 0)).toBe(899);
    expect(tickSpaces(900, rules, 0.5)).toBe(898);
    expect(tickSpaces(900, rules, 0.9999)).toBe(897);
  });

  it('never goes below 250', () => {
    expect(tickSpaces(251, rules, 0.9999)).toBe(250);
    expect(tickSpaces(250, rules, 0.5)).toBe(250);
    expect(spacesAfterSignUp(250, false, rules)).toBe(250);
  });

  it('waits 5 to 10 seconds between ticks', () => {
    expect(nextTickDelay(rules, 0)).toBe(5000);
    expect(nextTickDelay(rules, 0.9999999)).toBe(10_000);
  });

  it('drops by exactly one for the visitor’s sign-up, once', () => {
    expect(spacesAfterSignUp(800, false, rules)).toBe(799);
    expect(spacesAfterSignUp(799, true, rules)).toBe(799);
  });
});
