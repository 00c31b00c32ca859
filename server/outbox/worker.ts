import { claimDueJobs, markJobSent, type OutboxJob, parkJob, rescheduleJob } from '../db/outbox';
import { type OutboxJobKind, outboxJobKinds } from '../db/schema';
import type { Store } from '../db/store';
import type { Logger } from '../logger';
import { ProviderError } from '../providers/provider-error';
import { type BackoffPolicy, backoffDelayMs } from './backoff';
import type { Forwarding } from './forwarding';

export interface OutboxWorkerOptions extends BackoffPolicy {
  /** How often to look for due jobs when nobody has called wake(). */
  pollMs: number;
  /** A claimed job belongs to this worker for this long; well above one send's time-out. */
  leaseMs: number;
  /** Tries before a job is parked as failed (`npm run leads -- outbox retry` resumes it). */
  maxAttempts: number;
  /** Pause for a provider that answered 429 without saying for how long. */
  rateLimitPauseMs: number;
}

/** Jobs sent one at a time; digest entries go out together, one email per due batch. */
const singleKinds = outboxJobKinds.filter((kind) => kind !== 'owner-digest');
const maxDigestEntries = 200;

export const defaultOutboxWorkerOptions: OutboxWorkerOptions = {
  pollMs: 2_000,
  leaseMs: 120_000,
  maxAttempts: 10,
  baseDelayMs: 10_000,
  maxDelayMs: 60 * 60_000,
  // Kit allows 120 requests per rolling minute and sends no Retry-After.
  rateLimitPauseMs: 60_000,
};

export interface OutboxWorker {
  /** A lead with jobs was just stored: look now instead of at the next poll. */
  wake(): void;
  /** Finishes the job in hand, then stops. */
  stop(): Promise<void>;
}

/**
 * Sends outbox jobs one at a time, in this process, until stopped. A failure reschedules the job
 * with exponential backoff and jitter; a 429 also pauses that provider's jobs for the time it
 * asked (or rateLimitPauseMs); a permanent failure, or the last allowed try, parks the job as
 * failed with its last error. Several workers (instances) may share one PostgreSQL store.
 */
export function startOutboxWorker(
  store: Store,
  forwarding: Forwarding,
  logger: Logger,
  options: Partial<OutboxWorkerOptions> = {},
): OutboxWorker {
  const settings = { ...defaultOutboxWorkerOptions, ...options };
  const pausedUntil = new Map<OutboxJobKind, number>();
  let stopped = false;
  /** wake() came while the loop was busy: look once more before sleeping. */
  let nudged = false;
  let wakeUp: (() => void) | null = null;

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wakeUp = null;
        resolve();
      }
      wakeUp = done;
    });

  /** Ends a claim; a false answer means the lease ran out and another worker has the job. */
  function leaseLost(ended: boolean, jobs: readonly OutboxJob[]) {
    if (!ended) logger.warn({ jobs: jobs.map((job) => job.id) }, 'outbox lease lost');
  }

  /** Sends `jobs` (one job, or a digest's entries) within the lease, then ends each claim. */
  async function run(jobs: readonly OutboxJob[], send: () => Promise<void>): Promise<void> {
    const [first] = jobs;
    if (!first) return;
    const log = { jobs: jobs.map((job) => job.id), kind: first.kind, attempts: first.attempts };
    let timer: NodeJS.Timeout | undefined;
    try {
      // Providers time out well before this; it stops one that trickles (an SMTP server can
      // keep an idle-timed socket alive) from outliving the lease and being sent twice.
      await Promise.race([
        send(),
        new Promise<never>((_, fail) => {
          timer = setTimeout(
            () => fail(new ProviderError('timed out within the lease')),
            settings.leaseMs / 2,
          );
        }),
      ]);
      for (const job of jobs) leaseLost(await markJobSent(store, job), [job]);
      logger.info(log, 'outbox job sent');
    } catch (error) {
      const failure =
        error instanceof ProviderError
          ? error
          : new ProviderError(error instanceof Error ? `${error.name}: ${error.message}` : 'error');
      const message = failure.message.slice(0, 500);
      if (failure.permanent || first.attempts >= settings.maxAttempts) {
        for (const job of jobs) leaseLost(await parkJob(store, job, message), [job]);
        logger.error({ ...log, error: message }, 'outbox job failed');
        return;
      }
      let delay = backoffDelayMs(first.attempts, settings);
      if (failure.rateLimited) {
        const pause = failure.retryAfterMs ?? settings.rateLimitPauseMs;
        pausedUntil.set(first.kind, Date.now() + pause);
        delay = Math.max(delay, pause);
      }
      const next = new Date(Date.now() + delay);
      for (const job of jobs) leaseLost(await rescheduleJob(store, job, message, next), [job]);
      logger.warn(
        { ...log, error: message, retryInMs: Math.round(delay) },
        'outbox job will be retried',
      );
    } finally {
      clearTimeout(timer);
    }
  }

  /** One job of the one-at-a-time kinds, else every due digest entry as one email. */
  async function claimAndRun(): Promise<boolean> {
    const now = Date.now();
    const due = (kinds: readonly OutboxJobKind[]) =>
      kinds.filter((kind) => (pausedUntil.get(kind) ?? 0) <= now);
    const [job] = await claimDueJobs(store, {
      kinds: due(singleKinds),
      limit: 1,
      leaseMs: settings.leaseMs,
    });
    if (job) {
      await run([job], () => forwarding.deliver(store, job));
      return true;
    }
    const digest = await claimDueJobs(store, {
      kinds: due(['owner-digest']),
      limit: maxDigestEntries,
      leaseMs: settings.leaseMs,
    });
    if (digest.length === 0) return false;
    await run(digest, () => forwarding.deliverDigest(store, digest));
    return true;
  }

  async function loop(): Promise<void> {
    while (!stopped) {
      nudged = false;
      let worked = false;
      try {
        worked = await claimAndRun();
      } catch (error) {
        // The store itself failed (database down?): log, wait, and try again.
        logger.error({ err: error }, 'outbox worker error');
      }
      if (!worked && !stopped && !nudged) await sleep(settings.pollMs);
    }
  }

  const running = loop();
  return {
    wake() {
      nudged = true;
      wakeUp?.();
    },
    async stop() {
      stopped = true;
      wakeUp?.();
      await running;
    },
  };
}
