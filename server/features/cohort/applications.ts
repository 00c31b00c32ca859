import { randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { Application } from '../../../contracts/cohort-application';
import { sourceName } from '../../../contracts/traffic-source';
import type { CohortApplicationEventKind, Database } from '../../db/schema';
import { isoNow, type Store } from '../../db/store';
import type { LeadMeta } from '../../http/lead-form';

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
  { intake, body, meta }: ApplicationPost,
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
