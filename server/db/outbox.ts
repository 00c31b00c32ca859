import { sql } from 'kysely';
import type { OutboxJobKind, OutboxJobStatus, OutboxJobTable } from './schema';
import { isoNow, type Store } from './store';

export type OutboxJob = OutboxJobTable;

/**
 * Claims up to `limit` due jobs of the given kinds for this worker: each gets a lease and one
 * more attempt, in a single statement. On PostgreSQL the candidate rows are locked with SKIP
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

export async function markJobSent(store: Store, id: string): Promise<void> {
  await store.db
    .updateTable('outbox_jobs')
    .set({ status: 'sent', sent_at: isoNow(), locked_until: null, last_error: null })
    .where('id', '=', id)
    .execute();
}

/** Puts a job back in the queue for `nextAttemptAt`, remembering why it failed. */
export async function rescheduleJob(
  store: Store,
  id: string,
  error: string,
  nextAttemptAt: Date,
): Promise<void> {
  await store.db
    .updateTable('outbox_jobs')
    .set({
      next_attempt_at: nextAttemptAt.toISOString(),
      locked_until: null,
      last_error: error,
    })
    .where('id', '=', id)
    .execute();
}

/** Gives up on a job: it stays, failed, with its last error, until the owner retries it. */
export async function parkJob(store: Store, id: string, error: string): Promise<void> {
  await store.db
    .updateTable('outbox_jobs')
    .set({ status: 'failed', locked_until: null, last_error: error })
    .where('id', '=', id)
    .execute();
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
    .set({ status: 'pending', attempts: 0, next_attempt_at: isoNow(), locked_until: null })
    .where('status', '=', 'failed')
    .$if(id !== undefined, (qb) => qb.where('id', '=', id as string))
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
