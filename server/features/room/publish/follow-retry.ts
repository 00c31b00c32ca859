import type { FailedVersion, RenderFailure } from '../../../../contracts/owner-publish';

/**
 * How an instance follows a published version it could not render (a time-out, a crash, out of
 * memory; docs/decisions/019-publish.md). Trying on every 2-second check would keep a render of
 * up to a minute running for ever, on every instance, while the calls piled up. So each try
 * waits twice as long as the one before, and after a few the instance gives up on that version:
 * it serves the one before until a newer version is published or it restarts.
 *
 * The state is the instance's own, in memory: each instance renders for itself, with its own
 * memory and load, so one may fail where another succeeds; a restart (a new build, more memory)
 * is a fair moment to try again.
 */
export const followRetry = { attempts: 5, firstMs: 2_000, maxMs: 60_000 } as const;

export function createFollowRetry() {
  let failure: FailedVersion | null = null;
  /** When the version that failed may be tried again. */
  let nextAt = 0;
  return {
    /** Whether the version may be rendered now: not while paused, never once given up. */
    mayTry(number: number, now: number): boolean {
      return failure?.number !== number || (failure.retrying && now >= nextAt);
    },
    /** Counts a failed try; answers the state the room shows. */
    failed(number: number, reason: RenderFailure, now: number): FailedVersion {
      const attempts = failure?.number === number ? failure.attempts + 1 : 1;
      nextAt = now + Math.min(followRetry.firstMs * 2 ** (attempts - 1), followRetry.maxMs);
      failure = { number, attempts, reason, retrying: attempts < followRetry.attempts };
      return failure;
    },
    succeeded(): void {
      failure = null;
    },
    current: (): FailedVersion | null => failure,
  };
}

/**
 * `work`, one call at a time, with at most one more waiting: calls that come while one runs
 * share the one waiting behind it, which sees whatever they would have seen. However many
 * ticks or requests come during a minute-long render, they start one more follow, not one each.
 */
export function withOneWaiting(work: () => Promise<void>) {
  let current: Promise<void> | null = null;
  let waiting: Promise<void> | null = null;
  function call(): Promise<void> {
    if (waiting) return waiting;
    if (current) {
      waiting = current
        .catch(() => {})
        .then(() => {
          waiting = null;
          return call();
        });
      return waiting;
    }
    current = work().finally(() => {
      current = null;
    });
    return current;
  }
  return { call, running: () => current !== null };
}
