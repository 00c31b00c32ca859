import { beforeEach, describe, expect, it } from 'vitest';
import {
  formatWindow,
  resetUnlockWindow,
  type UnlockWindowConfig,
  unlockSecondsLeft,
  unlockWindowEnd,
} from './unlock-window';

const simulated: UnlockWindowConfig = {
  mode: 'simulated',
  deadline: null,
  simulatedSeconds: { min: 35, max: 55 },
};
const units = { d: 'd', h: 'h', m: 'm', s: 's' };

describe('the handbook unlock window', () => {
  beforeEach(() => resetUnlockWindow());

  it('simulated: a random whole 35 to 55 s, chosen once per page view', () => {
    expect(unlockWindowEnd(simulated, 0, () => 0)).toBe(35_000);
    expect(unlockWindowEnd(simulated, 10_000, () => 0.99)).toBe(35_000); // Same page view.
    resetUnlockWindow();
    expect(unlockWindowEnd(simulated, 0, () => 0.9999)).toBe(55_000);
  });

  it('falls by one each second, to zero and no further', () => {
    unlockWindowEnd(simulated, 0, () => 0.5); // 45 s
    expect(unlockSecondsLeft(simulated, 0)).toBe(45);
    expect(unlockSecondsLeft(simulated, 1000)).toBe(44);
    expect(unlockSecondsLeft(simulated, 45_000)).toBe(0);
    expect(unlockSecondsLeft(simulated, 90_000)).toBe(0);
  });

  it('is unknown before the time is (the prerender), absent when off', () => {
    expect(unlockSecondsLeft(simulated, null)).toBeNull();
    expect(unlockSecondsLeft({ ...simulated, mode: 'off' }, 0)).toBeNull();
  });

  it('deadline: counts to the configured date', () => {
    const config: UnlockWindowConfig = {
      ...simulated,
      mode: 'deadline',
      deadline: '2025-09-24T23:59:59+01:00',
    };
    const now = Date.parse('2025-09-24T22:58:59Z');
    expect(unlockSecondsLeft(config, now)).toBe(60);
  });

  it('writes seconds up to an hour, then days, hours, minutes and seconds', () => {
    expect(formatWindow(45, units)).toBe('45 s');
    expect(formatWindow(3599, units)).toBe('3599 s');
    expect(formatWindow(2 * 86_400 + 3 * 3600 + 4 * 60 + 5, units)).toBe('2d 3h 4m 5s');
    expect(formatWindow(3600, units)).toBe('1h 0m 0s');
  });
});
