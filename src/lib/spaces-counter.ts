/**
 * The waitlist's spaces-remaining counter (product brief §3, §4, §9; D11) as pure functions: the island
 * keeps the value, these decide it. Randomness comes in as an argument, so tests are exact.
 *
 * "simulated" reproduces the observed site: it starts at 983 (or the stored `ws_remaining`),
 * drops by 1–3 every 5–10 s while the tab is visible, never below 250, and by exactly one,
 * once, when the visitor's own sign-up is confirmed. "live" shows real places: capacity minus
 * sign-ups, as the server counts them (GET /api/waitlist/remaining). README explains why the simulated mode is fake scarcity (DMCC Act).
 */
export interface SpacesRules {
  start: number;
  floor: number;
  drop: { min: number; max: number };
  delayMs: { min: number; max: number };
}

export type SpacesMode = 'simulated' | 'live';

/** Product brief §3: the value kept in the browser between visits. */
export const spacesStorageKey = 'ws_remaining';

/** A whole number between min and max inclusive, from a random number in [0, 1). */
function between({ min, max }: { min: number; max: number }, random: number): number {
  return min + Math.floor(random * (max - min + 1));
}

/** The stored value, if it is a sensible count; anything else is ignored. */
export function parseStoredSpaces(raw: string | null, rules: SpacesRules): number | null {
  if (raw === null || !/^\d{1,7}$/.test(raw.trim())) return null;
  const value = Number(raw);
  return value >= rules.floor && value <= rules.start ? value : null;
}

export function initialSpaces(stored: string | null, rules: SpacesRules): number {
  return parseStoredSpaces(stored, rules) ?? rules.start;
}

export function nextTickDelay(rules: SpacesRules, random: number): number {
  return between(rules.delayMs, random);
}

/** One tick: down by 1–3, never below the floor. */
export function tickSpaces(value: number, rules: SpacesRules, random: number): number {
  return Math.max(rules.floor, value - between(rules.drop, random));
}

/** The visitor's confirmed sign-up: down by exactly one, the first time only. */
export function spacesAfterSignUp(
  value: number,
  alreadyDropped: boolean,
  rules: SpacesRules,
): number {
  return alreadyDropped ? value : Math.max(rules.floor, value - 1);
}
