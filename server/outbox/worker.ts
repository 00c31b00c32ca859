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
  const worker: Worker = {
    store,
    forwarding,
    logger,
    settings: { ...defaultOutboxWorkerOptions, ...options },
    pausedUntil: new Map(),
  };
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

  async function loop(): Promise<void> {
    while (!stopped) {
      nudged = false;
      let worked = false;
      try {
        worked = await claimAndSend(worker);
      } catch (error) {
        // The store itself failed (database down?): log, wait, and try again.
        logger.error({ err: error }, 'outbox worker error');
      }
      if (!worked && !stopped && !nudged) await sleep(worker.settings.pollMs);
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

/** What the worker's steps share: the store, how each job goes out, the settings, the pauses. */
interface Worker {
  store: Store;
  forwarding: Forwarding;
  logger: Logger;
  settings: OutboxWorkerOptions;
  /** A provider that answered 429: its kind's jobs wait until then. */
  pausedUntil: Map<OutboxJobKind, number>;
}

/** Jobs claimed to go out as one send: one job, or a digest's entries. */
type Claimed = readonly [OutboxJob, ...OutboxJob[]];

const isClaimed = (jobs: readonly OutboxJob[]): jobs is Claimed => jobs.length > 0;

/** One job of the one-at-a-time kinds, else every due digest entry as one email. */
async function claimAndSend(worker: Worker): Promise<boolean> {
  const { store, forwarding, settings, pausedUntil } = worker;
  const now = Date.now();
  const due = (kinds: readonly OutboxJobKind[]) =>
    kinds.filter((kind) => (pausedUntil.get(kind) ?? 0) <= now);
  const [job] = await claimDueJobs(store, {
    kinds: due(singleKinds),
    limit: 1,
    leaseMs: settings.leaseMs,
  });
  if (job) {
    await send(worker, [job], () => forwarding.deliver(store, job));
    return true;
  }
  const digest = await claimDueJobs(store, {
    kinds: due(['owner-digest']),
    limit: maxDigestEntries,
    leaseMs: settings.leaseMs,
  });
  if (!isClaimed(digest)) return false;
  await send(worker, digest, () => forwarding.deliverDigest(store, digest));
  return true;
}

/** How the log names a send: its jobs, their kind, the tries so far. */
const logOf = (jobs: Claimed) => ({
  jobs: jobs.map((job) => job.id),
  kind: jobs[0].kind,
  attempts: jobs[0].attempts,
});

/** Sends `jobs` (one job, or a digest's entries) within the lease, then ends each claim. */
async function send(worker: Worker, jobs: Claimed, deliver: () => Promise<void>): Promise<void> {
  try {
    await withinLease(deliver, worker.settings.leaseMs / 2);
    await endClaims(worker, jobs, (job) => markJobSent(worker.store, job));
    worker.logger.info(logOf(jobs), 'outbox job sent');
  } catch (error) {
    await backOff(worker, jobs, error);
  }
}

/**
 * A delivery held to `ms`. Providers time out well before this; it stops one that trickles (an
 * SMTP server can keep an idle-timed socket alive) from outliving the lease and being sent twice.
 */
async function withinLease(deliver: () => Promise<void>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      deliver(),
      new Promise<never>((_, fail) => {
        timer = setTimeout(() => fail(new ProviderError('timed out within the lease')), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * A send that failed: parked for good when the provider refused it or it was the last allowed
 * try, else put back for later with backoff; a 429 also pauses its provider's jobs.
 */
async function backOff(worker: Worker, jobs: Claimed, error: unknown): Promise<void> {
  const { store, settings, logger } = worker;
  const [first] = jobs;
  const log = logOf(jobs);
  const failure =
    error instanceof ProviderError
      ? error
      : new ProviderError(error instanceof Error ? `${error.name}: ${error.message}` : 'error');
  const message = failure.message.slice(0, 500);
  if (failure.permanent || first.attempts >= settings.maxAttempts) {
    await endClaims(worker, jobs, (job) => parkJob(store, job, message));
    logger.error({ ...log, error: message }, 'outbox job failed');
    return;
  }
  let delay = backoffDelayMs(first.attempts, settings);
  if (failure.rateLimited) {
    const pause = failure.retryAfterMs ?? settings.rateLimitPauseMs;
    worker.pausedUntil.set(first.kind, Date.now() + pause);
    delay = Math.max(delay, pause);
  }
  const next = new Date(Date.now() + delay);
  await endClaims(worker, jobs, (job) => rescheduleJob(store, job, message, next));
  logger.warn(
    { ...log, error: message, retryInMs: Math.round(delay) },
    'outbox job will be retried',
  );
}

/**
 * Ends each job's claim, one after another; a false answer means the lease ran out and another
 * worker has the job.
 */
async function endClaims(
  { logger }: Worker,
  jobs: Claimed,
  end: (job: OutboxJob) => Promise<boolean>,
): Promise<void> {
  for (const job of jobs) {
    if (!(await end(job))) logger.warn({ jobs: [job.id] }, 'outbox lease lost');
  }
}
