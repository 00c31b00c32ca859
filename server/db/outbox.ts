import { randomUUID } from 'node:crypto';
import { sql, type Transaction } from 'kysely';
import type { Database, OutboxJobKind, OutboxJobStatus, OutboxJobTable } from './schema';
import { isoNow, type Store } from './store';

export type OutboxJob = OutboxJobTable;

/**
 * Claims up to `limit` due jobs of the given kinds for this worker: each gets a lease (a time and
 * a token) and one more attempt, in a single statement. On PostgreSQL the candidate rows are locked with SKIP
 * LOCKED, so instances sharing one database never claim the same job; SQLite has one writer at
 * a time anyway.
 */
export async function claimDueJobs(
  store: Store,
  { kinds, limit, leaseMs }: { kinds: readonly OutboxJobKind[]; limit: number; leaseMs: number },
): Promise<OutboxJob[]> {
  if (kinds.length === 0) return [];
  const now = new Date();
  const nowIso = now.toISOString();
  return store.db
    .updateTable('outbox_jobs')
    .set({
      locked_until: new Date(now.getTime() + leaseMs).toISOString(),
      lease: randomUUID(),
      attempts: sql<number>`attempts + 1`,
    })
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('outbox_jobs')
        .select('id')
        .where('status', '=', 'pending')
        .where('kind', 'in', kinds)
        .where('next_attempt_at', '<=', nowIso)
        .where((w) => w.or([w('locked_until', 'is', null), w('locked_until', '<=', nowIso)]))
        .orderBy('next_attempt_at')
        .limit(limit)
        .$if(store.dialect === 'postgres', (qb) => qb.forUpdate().skipLocked()),
    )
    .returningAll()
    .execute();
}

/** A claimed job, as the worker holds it: its id and the token of its claim. */
export type ClaimedJob = Pick<OutboxJob, 'id' | 'lease'>;

/**
 * Each of these ends a claim, and only the claim it names: if the lease ran out and another
 * worker claimed the job since, the token differs and nothing changes (answered false), so a
 * slow worker can never mark sent, or undo, what another worker is doing.
 */
export async function markJobSent(store: Store, job: ClaimedJob): Promise<boolean> {
  return endClaim(store, job, { status: 'sent', sent_at: isoNow(), last_error: null });
}

/** Puts a job back in the queue for `nextAttemptAt`, remembering why it failed. */
export function rescheduleJob(
  store: Store,
  job: ClaimedJob,
  error: string,
  nextAttemptAt: Date,
): Promise<boolean> {
  return endClaim(store, job, { next_attempt_at: nextAttemptAt.toISOString(), last_error: error });
}

/** Gives up on a job: it stays, failed, with its last error, until the owner retries it. */
export function parkJob(store: Store, job: ClaimedJob, error: string): Promise<boolean> {
  return endClaim(store, job, { status: 'failed', last_error: error });
}

async function endClaim(
  store: Store,
  job: ClaimedJob,
  changes: Partial<Pick<OutboxJob, 'status' | 'sent_at' | 'next_attempt_at' | 'last_error'>>,
): Promise<boolean> {
  if (job.lease === null) return false;
  const result = await store.db
    .updateTable('outbox_jobs')
    .set({ ...changes, locked_until: null, lease: null })
    .where('id', '=', job.id)
    .where('lease', '=', job.lease)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export function listJobs(store: Store, statuses: readonly OutboxJobStatus[]) {
  return store.db
    .selectFrom('outbox_jobs')
    .selectAll()
    .where('status', 'in', statuses)
    .orderBy('created_at')
    .execute();
}

/** Sends failed jobs again from a clean slate (all of them, or the one named). */
export async function retryFailedJobs(store: Store, id?: string): Promise<number> {
  const result = await store.db
    .updateTable('outbox_jobs')
    .set({
      status: 'pending',
      attempts: 0,
      next_attempt_at: isoNow(),
      locked_until: null,
      lease: null,
    })
    .where('status', '=', 'failed')
    .$if(id !== undefined, (qb) => qb.where('id', '=', id as string))
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Queues the outbox jobs of one lead (a sign-up, an enquiry, a sale). */
export async function enqueue(
  trx: Transaction<Database>,
  leadId: string,
  kinds: readonly OutboxJobKind[],
  now: string,
): Promise<void> {
  if (kinds.length === 0) return;
  await trx
    .insertInto('outbox_jobs')
    .values(
      kinds.map((kind) => ({
        id: randomUUID(),
        created_at: now,
        kind,
        lead_id: leadId,
        status: 'pending' as const,
        attempts: 0,
        // A digest entry waits for the next whole hour, with the rest of that hour's entries.
        next_attempt_at: kind === 'owner-digest' ? nextHour(now) : now,
      })),
    )
    .execute();
}

function nextHour(now: string): string {
  const hour = new Date(now);
  hour.setUTCMinutes(60, 0, 0);
  return hour.toISOString();
}
