import { randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { Application } from '../../../contracts/cohort-application';
import { decidingStatuses } from '../../../contracts/room/cohort';
import { sourceName } from '../../../contracts/traffic-source';
import { dropJobsOf } from '../../db/outbox';
import type {
  CohortApplicationEventKind,
  CohortApplicationStatus,
  CohortApplicationTable,
  CohortResubmissionTable,
  Database,
  OutboxJobKind,
} from '../../db/schema';
import { isoNow, type Store } from '../../db/store';
import type { LeadMeta } from '../../http/lead-form';
import { confirmWindowMs } from './confirm-links';
import { queueOnce } from './offer-moves';
import { closeOffersOf } from './offers';

/**
 * The one writer of the cohort's applications, their history and the resubmissions beside them
 * (cohort_applications, cohort_application_events, cohort_resubmissions;
 * docs/decisions/033-cohort-applications.md, docs/decisions/034-selling-that-cannot-be-gamed.md):
 * an application stored, a resubmission kept and confirmed, and what else happens to one, each
 * with its event, in one transaction.
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
 * `submitted` event; or, from an address that applied for this intake already, a resubmission
 * beside that one, which it leaves untouched (its name, answers, status and offers), `unconfirmed`
 * until the link emailed to the address confirms it (`confirmResubmission`). Anyone may type an
 * address: only its mail's reader may change what it applied with
 * (docs/decisions/034-selling-that-cannot-be-gamed.md). Two posts of one address at once make one
 * application and one resubmission (the unique intake and email). Answers the id of what it
 * stored, alike for both, so the form tells nobody who has applied.
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
    // Locked until this transaction ends: a confirmation or a move of it waits for this post.
    const first = await trx
      .selectFrom('cohort_applications')
      .select('id')
      .where('intake', '=', intake)
      .where('email', '=', email)
      .$if(store.dialect === 'postgres', (query) => query.forUpdate())
      .executeTakeFirstOrThrow();
    const id = await addResubmission(trx, { applicationId: first.id, post, jobs, now });
    return { id, created: false };
  });
}

/** What one post says, as an application or a resubmission stores it. */
type Post = Pick<
  CohortResubmissionTable,
  | 'name'
  | 'answers'
  | 'ip_hash'
  | 'verified'
  | 'host'
  | 'page'
  | 'source'
  | 'experiment'
  | 'variant'
>;

/**
 * The most confirmation emails one application's address gets in a day: past them a
 * resubmission is kept for the owner to read, but its address is not mailed again, so a stranger
 * posting in a loop cannot flood it.
 */
export const confirmEmailsPerDay = 3;
const dayMs = 86_400_000;

/** A resubmission beside its application, and the email of the link that confirms it. */
async function addResubmission(
  trx: Transaction<Database>,
  {
    applicationId,
    post,
    jobs,
    now,
  }: { applicationId: string; post: Post; jobs: readonly OutboxJobKind[]; now: string },
): Promise<string> {
  const id = randomUUID();
  const { name, answers, ip_hash, verified, host, page, source, experiment, variant } = post;
  await trx
    .insertInto('cohort_resubmissions')
    .values({
      id,
      application_id: applicationId,
      status: 'unconfirmed',
      created_at: now,
      confirmed_at: null,
      ...{ name, answers, ip_hash, verified, host, page, source, experiment, variant },
    })
    .execute();
  const since = new Date(Date.parse(now) - dayMs).toISOString();
  const today = await trx
    .selectFrom('cohort_resubmissions')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('application_id', '=', applicationId)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  if (Number(today.count) <= confirmEmailsPerDay) {
    await queueOnce(trx, { leadId: id, kinds: ['cohort-confirm'], on: jobs, now });
  }
  return id;
}

/**
 * What opening a resubmission's link did: `replaced`, it is now its application's name and
 * answers; `kept`, it stays beside an application decided or offered a seat already; `invalid`,
 * the link names nothing that can be confirmed (unknown, past its window, its application
 * erased). A link opened again answers what it did the first time, and does nothing more.
 */
export type ConfirmOutcome = 'replaced' | 'kept' | 'invalid';

/** The statuses an application's answers may still be replaced in: undecided, never offered. */
const replaceableStatuses: readonly CohortApplicationStatus[] = ['new', 'shortlisted'];

/**
 * A resubmission confirmed by its address's link (confirm-links.ts): it replaces its
 * application's name and answers (an `updated` event keeping those before) while the application
 * is new or shortlisted and was never offered a seat; else it is kept beside it for the owner to
 * read, never touching a decision or an offer made. One transaction, the application locked, so a
 * move of it waits for the confirmation (or the confirmation for the move).
 */
export async function confirmResubmission(
  store: Store,
  id: string,
  now = isoNow(),
): Promise<ConfirmOutcome> {
  return store.write(async (trx) => {
    const found = await trx
      .selectFrom('cohort_resubmissions')
      .select('application_id')
      .where('id', '=', id)
      .executeTakeFirst();
    if (!found) return 'invalid';
    const application = await trx
      .selectFrom('cohort_applications')
      .select(['id', 'name', 'answers', 'status', 'erased_at'])
      .where('id', '=', found.application_id)
      .$if(store.dialect === 'postgres', (query) => query.forUpdate())
      .executeTakeFirst();
    if (!application || application.erased_at !== null) return 'invalid';
    const resubmission = await trx
      .selectFrom('cohort_resubmissions')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    if (resubmission.status !== 'unconfirmed') return resubmission.status;
    if (Date.parse(resubmission.created_at) + confirmWindowMs <= Date.parse(now)) return 'invalid';
    const offered = await trx
      .selectFrom('cohort_offers')
      .select('id')
      .where('application_id', '=', application.id)
      .executeTakeFirst();
    const outcome =
      replaceableStatuses.includes(application.status) && !offered ? 'replaced' : 'kept';
    await trx
      .updateTable('cohort_resubmissions')
      .set({ status: outcome, confirmed_at: now })
      .where('id', '=', id)
      .execute();
    if (outcome === 'replaced') await replaceWith(trx, application, resubmission, now);
    return outcome;
  });
}

/** The application's name and answers, and where they came from, made the resubmission's. */
async function replaceWith(
  trx: Transaction<Database>,
  before: Pick<CohortApplicationTable, 'id' | 'name' | 'answers'>,
  resubmission: CohortResubmissionTable,
  now: string,
): Promise<void> {
  const { name, answers, ip_hash, verified, host, page, source, experiment, variant } =
    resubmission;
  await trx
    .updateTable('cohort_applications')
    .set({ name, answers, ip_hash, verified, host, page, source, experiment, variant })
    .set({ updated_at: now })
    .where('id', '=', before.id)
    .execute();
  await addEvent(trx, {
    applicationId: before.id,
    at: now,
    kind: 'updated',
    detail: {
      answers: JSON.parse(before.answers) as unknown,
      ...(before.name !== name ? { name: before.name } : {}),
    },
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
 * its history says of them (the answers before an update), the owner's notes and every
 * resubmission beside it; its jobs, its offers' and its resubmissions' are dropped, and an open offer is withdrawn (nobody is left to pay it: its seat is
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
  const resubmissions = await trx
    .selectFrom('cohort_resubmissions')
    .select('id')
    .where('application_id', 'in', ids)
    .execute();
  const outboxJobs = await dropJobsOf(trx, [
    ...ids,
    ...offers,
    ...resubmissions.map((row) => row.id),
  ]);
  // What was sent beside the application goes with it: nothing of it counts anything.
  await trx.deleteFrom('cohort_resubmissions').where('application_id', 'in', ids).execute();
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
