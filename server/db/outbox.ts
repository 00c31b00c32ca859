import { randomUUID } from 'node:crypto';
import {
  type Kysely,
  type RawBuilder,
  type SelectQueryBuilder,
  sql,
  type Transaction,
} from 'kysely';
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

/**
 * The outbox's own table, written here only (docs/decisions/031-features-in-folders.md, "One
 * writer per table"): the features queue, move and drop their jobs through the functions below,
 * inside their own transactions, so what a job row may hold is decided in one place.
 */

/** A new job, waiting: due at `dueAt`, no attempt made yet. */
const newJob = (job: {
  id: string;
  kind: OutboxJobKind;
  leadId: string;
  now: string;
  dueAt: string;
}) => ({
  id: job.id,
  created_at: job.now,
  kind: job.kind,
  lead_id: job.leadId,
  status: 'pending' as const,
  attempts: 0,
  next_attempt_at: job.dueAt,
});

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
      kinds.map((kind) =>
        newJob({
          id: randomUUID(),
          kind,
          leadId,
          now,
          // A digest entry waits for the next whole hour, with the rest of that hour's entries.
          dueAt: kind === 'owner-digest' ? nextHour(now) : now,
        }),
      ),
    )
    .execute();
}

function nextHour(now: string): string {
  const hour = new Date(now);
  hour.setUTCMinutes(60, 0, 0);
  return hour.toISOString();
}

/**
 * Queues a job whose id names it (a week's report), unless some instance already has: the
 * database keeps the first, however many queue it at once.
 */
export async function enqueueOnce(
  trx: Transaction<Database>,
  job: { id: string; kind: OutboxJobKind; leadId: string; now: string; dueAt: string },
): Promise<void> {
  await trx
    .insertInto('outbox_jobs')
    .values(newJob(job))
    .onConflict((conflict) => conflict.column('id').doNothing())
    .execute();
}

/**
 * Queues one job of `kind` for each row `leads` finds, in one INSERT … SELECT: its id, its lead
 * and when it is due are worked out per row (`id`, `leadId`, `dueAt`, over the query's tables).
 * An id already queued is skipped, so two runs at once queue each job once. Answers how many it
 * queued.
 */
export async function enqueueEach<Tables extends keyof Database>(
  db: Kysely<Database>,
  leads: SelectQueryBuilder<Database, Tables, object>,
  job: {
    kind: OutboxJobKind;
    now: string;
    id: RawBuilder<string>;
    leadId: RawBuilder<string>;
    dueAt: RawBuilder<string>;
  },
): Promise<number> {
  const result = await db
    .insertInto('outbox_jobs')
    .columns(['id', 'created_at', 'kind', 'lead_id', 'status', 'attempts', 'next_attempt_at'])
    .expression(
      leads.select([
        job.id.as('id'),
        sql<string>`${job.now}`.as('created_at'),
        sql<string>`${job.kind}`.as('kind'),
        job.leadId.as('lead_id'),
        sql<string>`${'pending'}`.as('status'),
        sql<number>`0`.as('attempts'),
        job.dueAt.as('next_attempt_at'),
      ]),
    )
    .onConflict((conflict) => conflict.column('id').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0);
}

/**
 * Queues a job of `kind` for `leadId`, due at `dueAt`, in place of one of the same kind and lead
 * that was given up on: that one is done with, and would otherwise wait for a retry to send it
 * twice.
 */
export async function enqueueInPlaceOfFailed(
  trx: Transaction<Database>,
  job: { kind: OutboxJobKind; leadId: string; now: string; dueAt: string },
): Promise<void> {
  await trx
    .deleteFrom('outbox_jobs')
    .where('kind', '=', job.kind)
    .where('lead_id', '=', job.leadId)
    .where('status', '=', 'failed')
    .execute();
  await trx
    .insertInto('outbox_jobs')
    .values(newJob({ id: randomUUID(), ...job }))
    .execute();
}

/**
 * Moves the waiting jobs of `kind` for `leadId` to `dueAt`. A job a worker holds right now keeps
 * its time: it is being sent.
 */
export async function moveWaitingJobs(
  trx: Transaction<Database>,
  kind: OutboxJobKind,
  leadId: string,
  dueAt: string,
): Promise<void> {
  await trx
    .updateTable('outbox_jobs')
    .set({ next_attempt_at: dueAt })
    .where('kind', '=', kind)
    .where('lead_id', '=', leadId)
    .where('status', '=', 'pending')
    .where('lease', 'is', null)
    .execute();
}

/** Calls off the waiting jobs of `kind` for `leadIds`; one a worker holds right now goes on. */
export async function callOffWaitingJobs(
  trx: Transaction<Database>,
  kind: OutboxJobKind,
  leadIds: readonly string[],
): Promise<void> {
  if (leadIds.length === 0) return;
  await trx
    .deleteFrom('outbox_jobs')
    .where('kind', '=', kind)
    .where('lead_id', 'in', leadIds)
    .where('status', '=', 'pending')
    .where('lease', 'is', null)
    .execute();
}

/** Drops every job of `leadIds`, in any state (an erasure): answers how many went. */
export async function dropJobsOf(
  trx: Transaction<Database>,
  leadIds: readonly string[],
): Promise<number> {
  if (leadIds.length === 0) return 0;
  const result = await trx
    .deleteFrom('outbox_jobs')
    .where('lead_id', 'in', leadIds)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * A prune: drops every job of the leads `oldLeads` finds, and the finished jobs (sent or failed)
 * created before `cutoff`. Waiting jobs of younger leads stay: they still have work to do.
 * Answers how many went.
 */
export async function pruneJobs(
  trx: Transaction<Database>,
  oldLeads: SelectQueryBuilder<Database, keyof Database, { id: string }>,
  cutoff: string,
): Promise<number> {
  const result = await trx
    .deleteFrom('outbox_jobs')
    .where((eb) =>
      eb.or([
        eb('lead_id', 'in', oldLeads),
        eb.and([eb('status', '!=', 'pending'), eb('created_at', '<', cutoff)]),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
