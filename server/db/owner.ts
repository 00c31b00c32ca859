import { utmKeys } from '../../contracts/form-fields';
import type { SubscriptionList } from '../../contracts/subscription';
import type { Store } from './store';

/** The owner's command-line tools (scripts/leads.ts): export, forget, prune. */

/** The columns the owner's exports carry, in order (also the CSV header). */
/** `verified`: 1 when the post carried the browser's proof of work, 0 for one without (spam?). */
export const contactExportColumns = [
  'id',
  'created_at',
  'name',
  'email',
  'message',
  'verified',
] as const;
export const subscriberExportColumns = [
  'id',
  'created_at',
  'list',
  'email',
  'first_name',
  'source',
  'page',
  ...utmKeys,
  'verified',
] as const;

export function exportContactSubmissions(store: Store, { since }: { since?: Date }) {
  return store.db
    .selectFrom('contact_submissions')
    .select(contactExportColumns)
    .$if(since !== undefined, (qb) => qb.where('created_at', '>=', since?.toISOString() ?? ''))
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export function exportSubscribers(
  store: Store,
  { since, list }: { since?: Date; list?: SubscriptionList },
) {
  return store.db
    .selectFrom('subscribers')
    .select(subscriberExportColumns)
    .$if(since !== undefined, (qb) => qb.where('created_at', '>=', since?.toISOString() ?? ''))
    .$if(list !== undefined, (qb) => qb.where('list', '=', list as SubscriptionList))
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export interface Erased {
  contactSubmissions: number;
  subscribers: number;
  outboxJobs: number;
}

/**
 * Erases everything held about one email address (UK GDPR erasure): their contact submissions,
 * their sign-ups on every list, and the outbox jobs that would still send them anywhere.
 * Emails are stored lower-cased, so the match ignores capitals.
 */
export async function forgetPerson(store: Store, email: string): Promise<Erased> {
  const address = email.trim().toLowerCase();
  return store.db.transaction().execute(async (trx) => {
    const contacts = await trx
      .selectFrom('contact_submissions')
      .select('id')
      .where('email', '=', address)
      .execute();
    const subscribers = await trx
      .selectFrom('subscribers')
      .select('id')
      .where('email', '=', address)
      .execute();
    const leadIds = [...contacts, ...subscribers].map((row) => row.id);
    if (leadIds.length === 0) return { contactSubmissions: 0, subscribers: 0, outboxJobs: 0 };
    const jobs = await trx.deleteFrom('outbox_jobs').where('lead_id', 'in', leadIds).execute();
    await trx.deleteFrom('contact_submissions').where('email', '=', address).execute();
    await trx.deleteFrom('subscribers').where('email', '=', address).execute();
    return {
      contactSubmissions: contacts.length,
      subscribers: subscribers.length,
      outboxJobs: Number(jobs[0]?.numDeletedRows ?? 0),
    };
  });
}

/**
 * Deletes leads created before `before`, their outbox jobs, and finished outbox jobs as old.
 * Pending jobs of younger leads are kept: they still have work to do.
 */
export async function pruneOlderThan(store: Store, before: Date): Promise<Erased> {
  const cutoff = before.toISOString();
  return store.db.transaction().execute(async (trx) => {
    const oldLeads = (eb: typeof trx) =>
      eb
        .selectFrom('contact_submissions')
        .select('id')
        .where('created_at', '<', cutoff)
        .union(eb.selectFrom('subscribers').select('id').where('created_at', '<', cutoff));
    const jobs = await trx
      .deleteFrom('outbox_jobs')
      .where((eb) =>
        eb.or([
          eb('lead_id', 'in', oldLeads(trx)),
          eb.and([eb('status', '!=', 'pending'), eb('created_at', '<', cutoff)]),
        ]),
      )
      .executeTakeFirst();
    const contacts = await trx
      .deleteFrom('contact_submissions')
      .where('created_at', '<', cutoff)
      .executeTakeFirst();
    const subscribers = await trx
      .deleteFrom('subscribers')
      .where('created_at', '<', cutoff)
      .executeTakeFirst();
    return {
      contactSubmissions: Number(contacts.numDeletedRows),
      subscribers: Number(subscribers.numDeletedRows),
      outboxJobs: Number(jobs.numDeletedRows),
    };
  });
}
