import { secondsUntil } from './countdown';

/**
 * The handbook's "unlock window" (product brief §2.6, §4, §9; D11) as one value per page view, shared by
 * the bar and the form (two islands) through this module. "simulated" reproduces the observed
 * site: a random 35–55 s from the first look, restarting on every visit (README: fake urgency);
 * "deadline" counts to a real date; "off" has no window.
 */
export type UnlockWindowMode = 'simulated' | 'deadline' | 'off';

export interface UnlockWindowConfig {
  mode: UnlockWindowMode;
  /** ISO date-time, for "deadline". */
  deadline: string | null;
  /** The simulated window's length in seconds, inclusive. */
  simulatedSeconds: { min: number; max: number };
}

let simulatedEnd: number | null = null;

/** When the window closes (ms), or null when there is none. */
export function unlockWindowEnd(
  config: UnlockWindowConfig,
  now: number,
  random: () => number = Math.random,
): number | null {
  if (config.mode === 'off') return null;
  if (config.mode === 'deadline') return config.deadline ? Date.parse(config.deadline) : null;
  if (simulatedEnd === null) {
    const { min, max } = config.simulatedSeconds;
    simulatedEnd = now + (min + Math.floor(random() * (max - min + 1))) * 1000;
  }
  return simulatedEnd;
}

/** Seconds left in the window, or null when there is none or the time is not known yet. */
export function unlockSecondsLeft(config: UnlockWindowConfig, now: number | null): number | null {
  if (now === null) return null;
  const end = unlockWindowEnd(config, now);
  return end === null ? null : secondsUntil(end, now);
}

/** For tests: a fresh page view. */
export function resetUnlockWindow(): void {
  simulatedEnd = null;
}

/** "45 s" under a minute and up to an hour; "2d 3h 4m 5s" for a real deadline further away. */
export function formatWindow(
  seconds: number,
  units: { d: string; h: string; m: string; s: string },
): string {
  if (seconds < 3600) return `${seconds} ${units.s}`;
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const parts = [
    days ? `${days}${units.d}` : '',
    `${hours}${units.h}`,
    `${minutes}${units.m}`,
    `${seconds % 60}${units.s}`,
  ];
  return parts.filter(Boolean).join(' ');
}
