export interface BackoffPolicy {
  baseDelayMs: number;
  maxDelayMs: number;
}

/**
 * Delay before the next try after `attempts` tries: exponential, capped, with "equal jitter"
 * (half fixed, half random) so that jobs failed together by one outage do not all come back at
 * the same instant, and none comes back immediately.
 */
export function backoffDelayMs(
  attempts: number,
  { baseDelayMs, maxDelayMs }: BackoffPolicy,
  random: () => number = Math.random,
): number {
  const ceiling = Math.min(maxDelayMs, baseDelayMs * 2 ** Math.max(0, attempts - 1));
  return ceiling / 2 + random() * (ceiling / 2);
}
