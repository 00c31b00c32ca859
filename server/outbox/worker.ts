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

  async function run(job: OutboxJob): Promise<void> {
    try {
      await forwarding.deliver(store, job);
      await markJobSent(store, job.id);
      logger.info({ job: job.id, kind: job.kind, attempts: job.attempts }, 'outbox job sent');
    } catch (error) {
      const failure =
        error instanceof ProviderError
          ? error
          : new ProviderError(error instanceof Error ? `${error.name}: ${error.message}` : 'error');
      const message = failure.message.slice(0, 500);
      if (failure.permanent || job.attempts >= settings.maxAttempts) {
        await parkJob(store, job.id, message);
        logger.error(
          { job: job.id, kind: job.kind, attempts: job.attempts, error: message },
          'outbox job failed',
        );
        return;
      }
      let delay = backoffDelayMs(job.attempts, settings);
      if (failure.rateLimited) {
        const pause = failure.retryAfterMs ?? settings.rateLimitPauseMs;
        pausedUntil.set(job.kind, Date.now() + pause);
        delay = Math.max(delay, pause);
      }
      await rescheduleJob(store, job.id, message, new Date(Date.now() + delay));
      logger.warn(
        {
          job: job.id,
          kind: job.kind,
          attempts: job.attempts,
          error: message,
          retryInMs: Math.round(delay),
        },
        'outbox job will be retried',
      );
    }
  }

  async function loop(): Promise<void> {
    while (!stopped) {
      nudged = false;
      const now = Date.now();
      const kinds = outboxJobKinds.filter((kind) => (pausedUntil.get(kind) ?? 0) <= now);
      let job: OutboxJob | undefined;
      try {
        [job] = await claimDueJobs(store, { kinds, limit: 1, leaseMs: settings.leaseMs });
        if (job) await run(job);
      } catch (error) {
        // The store itself failed (database down?): log, wait, and try again.
        logger.error({ err: error }, 'outbox worker error');
        job = undefined;
      }
      if (!job && !stopped && !nudged) await sleep(settings.pollMs);
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
