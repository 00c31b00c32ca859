import { randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { Application } from '../../../contracts/cohort-application';
import { decidingStatuses } from '../../../contracts/room/cohort';
import { sourceName } from '../../../contracts/traffic-source';
import { dropJobsOf } from '../../db/outbox';
import type {
  CohortApplicationEventKind,
  CohortApplicationStatus,
  Database,
  OutboxJobKind,
} from '../../db/schema';
import { isoNow, type Store } from '../../db/store';
import type { LeadMeta } from '../../http/lead-form';
import { queueOnce } from './offer-moves';
import { closeOffersOf } from './offers';

/**
 * The one writer of the cohort's applications and their history (cohort_applications,
 * cohort_application_events; docs/decisions/033-cohort-applications.md): an application stored
 * or updated, and what else happens to one, each with its event, in one transaction.
 */

/** An application as the form sent it, for the intake it is for, with what the server adds. */
export interface ApplicationPost {
  /** The intake applied for: its start day (contracts/cohort-intakes.ts `nextIntake`). */
  intake: string;
  body: Application;
  meta: LeadMeta;
  /** The jobs a new application gets (Kit's applicant tag), those on; none by default. */
  jobs?: readonly OutboxJobKind[];
}

/**
 * Stores an application before its thanks: a new one for this address and intake, with its
 * `submitted` event; or, from an address that applied for this intake already, that one
 * updated, with an `updated` event that keeps what it said before. Its status stays where the
 * owner set it, decided or not: the applicant's words are theirs to correct, the decision the
 * owner's, and the history shows which answers came before and after the decision. Two posts
 * of one address at once make one application (the unique intake and email).
 */
export async function saveApplication(
  store: Store,
  { intake, body, meta, jobs = [] }: ApplicationPost,
  now = isoNow(),
): Promise<{ id: string; created: boolean }> {
  const email = body.email.toLowerCase();
  const post = {
    name: body.name,
    answers: JSON.stringify(body.answers),
    updated_at: now,
    ip_hash: meta.ipHash,
    verified: meta.verified ? (1 as const) : (0 as const),
    host: meta.host,
    page: body.page || null,
    // A page open since before sources had one name may still send an old spelling.
    source: sourceName(body.source ?? '') || null,
    experiment: meta.experiment?.name ?? null,
    variant: meta.experiment?.variant ?? null,
  };
  return store.write(async (trx) => {
    const inserted = await trx
      .insertInto('cohort_applications')
      .values({
        id: randomUUID(),
        intake,
        email,
        status: 'new',
        created_at: now,
        decided_at: null,
        erased_at: null,
        ...post,
      })
      .onConflict((conflict) => conflict.columns(['intake', 'email']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (inserted) {
      await addEvent(trx, { applicationId: inserted.id, at: now, kind: 'submitted', detail: {} });
      const kinds = ['kit-cohort-applicant'] as const;
      await queueOnce(trx, { leadId: inserted.id, kinds, on: jobs, now });
      return { id: inserted.id, created: true };
    }
    // Locked until this transaction ends, so a second post at once updates after this one.
    const before = await trx
      .selectFrom('cohort_applications')
      .select(['id', 'name', 'answers'])
      .where('intake', '=', intake)
      .where('email', '=', email)
      .$if(store.dialect === 'postgres', (query) => query.forUpdate())
      .executeTakeFirstOrThrow();
    await trx.updateTable('cohort_applications').set(post).where('id', '=', before.id).execute();
    await addEvent(trx, {
      applicationId: before.id,
      at: now,
      kind: 'updated',
      detail: {
        answers: JSON.parse(before.answers) as unknown,
        ...(before.name !== post.name ? { name: before.name } : {}),
      },
    });
    return { id: before.id, created: false };
  });
}

/**
 * One event of an application's history. `detail` by kind: `updated`, the answers (and the name,
 * if it changed) before; `status`, its `from` and `to`; `note`, its `text`; `submitted`, nothing.
 * `ownerId`: the owner who did it, none for the applicant or the terminal.
 */
async function addEvent(
  trx: Transaction<Database>,
  event: {
    applicationId: string;
    at: string;
    kind: CohortApplicationEventKind;
    detail: Record<string, unknown>;
    ownerId?: string | null;
  },
): Promise<void> {
  await trx
    .insertInto('cohort_application_events')
    .values({
      id: randomUUID(),
      application_id: event.applicationId,
      at: event.at,
      kind: event.kind,
      detail: JSON.stringify(event.detail),
      owner_id: event.ownerId ?? null,
    })
    .execute();
}

/**
 * The owner's review (docs/decisions/033-cohort-applications.md): an application moved to a
 * status, as an event of its history, in the caller's transaction (which records its audit
 * entry). Accepted, declined and waitlisted decide it (`decided_at`, from which its retention
 * counts); back to new or shortlisted it is undecided again. `updated_at` moves with it.
 */
export async function changeApplicationStatus(
  trx: Transaction<Database>,
  {
    id,
    status,
    at,
    ownerId,
  }: { id: string; status: CohortApplicationStatus; at: string; ownerId: string | null },
): Promise<
  | { from: CohortApplicationStatus; decidedAt: string | null; intake: string }
  | { refused: 'unknown' | 'erased' | 'same' | 'moved' }
> {
  const row = await trx
    .selectFrom('cohort_applications')
    .select(['status', 'erased_at', 'intake'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) return { refused: 'unknown' };
  if (row.erased_at !== null) return { refused: 'erased' };
  if (row.status === status) return { refused: 'same' };
  const decidedAt = decidingStatuses.includes(status) ? at : null;
  // Only from the status read: two owners moving it at once, the second finds it moved
  // (PostgreSQL reads the row again once the first commits) and is told, not recorded twice.
  const moved = await trx
    .updateTable('cohort_applications')
    .set({ status, decided_at: decidedAt, updated_at: at })
    .where('id', '=', id)
    .where('status', '=', row.status)
    .where('erased_at', 'is', null)
    .executeTakeFirst();
  if (Number(moved.numUpdatedRows) === 0) return { refused: 'moved' };
  const detail = { from: row.status, to: status };
  await addEvent(trx, { applicationId: id, at, kind: 'status', detail, ownerId });
  return { from: row.status, decidedAt, intake: row.intake };
}

/** A private note on an application, as an event of its history: the owners' alone. */
export async function addApplicationNote(
  trx: Transaction<Database>,
  { id, text, at, ownerId }: { id: string; text: string; at: string; ownerId: string | null },
): Promise<'added' | 'unknown' | 'erased'> {
  const row = await trx
    .selectFrom('cohort_applications')
    .select('erased_at')
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) return 'unknown';
  if (row.erased_at !== null) return 'erased';
  await addEvent(trx, { applicationId: id, at, kind: 'note', detail: { text }, ownerId });
  return 'added';
}

/** What an erasure or a prune did to the applications. */
export interface ErasedApplications {
  applications: number;
  outboxJobs: number;
}

/**
 * `leads forget`: every application from this address loses the applicant (UK GDPR erasure,
 * docs/decisions/033-cohort-applications.md).
 */
export async function forgetApplications(
  trx: Transaction<Database>,
  address: string,
  now: string,
): Promise<ErasedApplications> {
  const rows = await trx
    .selectFrom('cohort_applications')
    .select('id')
    .where('email', '=', address)
    .execute();
  return eraseApplications(
    trx,
    rows.map((row) => row.id),
    now,
  );
}

/** The day `months` calendar months before `now` (UTC), at the same time of day. */
function monthsBefore(now: Date, months: number): Date {
  const cutoff = new Date(now);
  cutoff.setUTCMonth(cutoff.getUTCMonth() - months);
  return cutoff;
}

/**
 * `leads prune`: the applications past the content's retention lose the applicant: those decided
 * (accepted, declined, waitlisted) more than `retentionMonths` ago, and the undecided (new,
 * shortlisted) unchanged for as long.
 */
export async function pruneApplications(
  trx: Transaction<Database>,
  { now, retentionMonths }: { now: string; retentionMonths: number },
): Promise<ErasedApplications> {
  const cutoff = monthsBefore(new Date(now), retentionMonths).toISOString();
  const rows = await trx
    .selectFrom('cohort_applications')
    .select('id')
    .where('erased_at', 'is', null)
    .where((eb) =>
      eb.or([
        eb.and([eb('decided_at', 'is not', null), eb('decided_at', '<', cutoff)]),
        eb.and([eb('decided_at', 'is', null), eb('updated_at', '<', cutoff)]),
      ]),
    )
    .execute();
  return eraseApplications(
    trx,
    rows.map((row) => row.id),
    now,
  );
}

/**
 * An application without its applicant: the email, name, answers and client hash go, with what
 * its history says of them (the answers before an update) and the owner's notes; its jobs and its
 * offers' jobs are dropped, and an open offer is withdrawn (nobody is left to pay it: its seat is
 * free). What stays counts it: its intake, status and dates, the page, source and variant it came
 * from, the history's steps (applied, updated, each move) and its offers, for the funnel.
 */
async function eraseApplications(
  trx: Transaction<Database>,
  ids: readonly string[],
  now: string,
): Promise<ErasedApplications> {
  if (ids.length === 0) return { applications: 0, outboxJobs: 0 };
  const offers = await closeOffersOf(trx, ids, now);
  const outboxJobs = await dropJobsOf(trx, [...ids, ...offers]);
  await trx
    .updateTable('cohort_applications')
    .set({ email: null, name: null, answers: '{}', ip_hash: '', erased_at: now })
    .where('id', 'in', ids)
    .execute();
  await trx
    .updateTable('cohort_application_events')
    .set({ detail: '{}' })
    .where('application_id', 'in', ids)
    .where('kind', '!=', 'status')
    .execute();
  return { applications: ids.length, outboxJobs };
}
