import { type SqlBool, sql } from 'kysely';
import { utmKeys } from '../../../contracts/form-fields';
import type { LatestLeads } from '../../../contracts/room/leads';
import type { SubscriptionList } from '../../../contracts/subscription';
import { dropJobsOf, pruneJobs } from '../../db/outbox';
import { reclaimErased } from '../../db/reclaim';
import type { Database } from '../../db/schema';
import type { Store } from '../../db/store';
import { forgetApplications, pruneApplications } from '../cohort';
import { forgetBuyer, pruneBuyers, pruneStripeEvents } from '../sales';
import { forgetAttendees, forgetHoldClients, pruneAttendees } from '../workshop';
import { subscriberStatus } from './kit-events';
import { forgetLeads, leadsBefore, pruneLeads } from './store';

/** The owner's commands (commands/ in the leads feature and the room): export, latest leads, forget, prune. */

/** The columns the owner's exports carry, in order (also the CSV header). */
/** `verified`: 1 when the post carried the browser's proof of work, 0 for one without (spam?). */
export const contactExportColumns = [
  'id',
  'created_at',
  'name',
  'email',
  'message',
  'page',
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
  // The experiment on its page and the variant it was shown (decision 027).
  'experiment',
  'variant',
  ...utmKeys,
  'verified',
  // What Kit reported (decision 021), each the latest time it did (empty: never).
  'confirmed_at',
  'unsubscribed_at',
  'bounced_at',
  'complained_at',
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

/**
 * The latest leads, newest first: sign-ups and enquiries together, at most `limit`, those whose
 * email address, name or source holds `search` (in any case) when it is given.
 */
export async function latestLeads(
  store: Store,
  { search, limit }: { search?: string; limit: number },
): Promise<LatestLeads['leads']> {
  // The owner's words are matched as they are: % and _ are not wildcards here.
  const pattern = search && `%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const holds = (column: string) =>
    sql<SqlBool>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
  const [subscribers, contacts] = await Promise.all([
    store.db
      .selectFrom('subscribers')
      .select(['id', 'created_at', 'list', 'email', 'first_name', 'source', 'page'])
      .select(['confirmed_at', 'unsubscribed_at', 'bounced_at', 'complained_at'])
      .$if(Boolean(pattern), (qb) =>
        qb.where((eb) => eb.or([holds('email'), holds('first_name'), holds('source')])),
      )
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute(),
    store.db
      .selectFrom('contact_submissions')
      .select(['id', 'created_at', 'name', 'email', 'page'])
      .$if(Boolean(pattern), (qb) => qb.where((eb) => eb.or([holds('email'), holds('name')])))
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute(),
  ]);
  const leads: LatestLeads['leads'] = [
    ...subscribers.map((row) => ({
      id: row.id,
      createdAt: row.created_at,
      kind: 'sign-up' as const,
      list: row.list,
      email: row.email,
      name: row.first_name,
      source: row.source,
      page: row.page,
      status: subscriberStatus(row),
    })),
    ...contacts.map((row) => ({
      id: row.id,
      createdAt: row.created_at,
      kind: 'enquiry' as const,
      list: null,
      email: row.email,
      name: row.name,
      source: null,
      page: row.page,
      status: null,
    })),
  ];
  const newestFirst = (a: string, b: string) => (a === b ? 0 : a < b ? 1 : -1);
  return leads
    .sort((a, b) => newestFirst(a.createdAt, b.createdAt) || newestFirst(a.id, b.id))
    .slice(0, limit);
}

export interface Erased {
  contactSubmissions: number;
  subscribers: number;
  outboxJobs: number;
  /** Workshop sales kept for the books without the buyer (decision 020). */
  sales: number;
  /** Workshop places kept for the books without the attendee (docs/decisions/032-workshop-delivered.md). */
  attendees: number;
  /**
   * Cohort applications kept for counting without the applicant, their answers or the owner's
   * notes (docs/decisions/033-cohort-applications.md).
   */
  applications: number;
}

/**
 * The tables an erasure or a prune changes, whose old row versions are reclaimed once it has
 * committed (server/db/reclaim.ts: on SQLite the WAL is checkpointed whatever the tables).
 */
const erasedTables: readonly (keyof Database)[] = [
  'contact_submissions',
  'subscribers',
  'share_codes',
  'outbox_jobs',
  'sales',
  'stripe_events',
  'workshop_attendees',
  'workshop_holds',
  'cohort_applications',
  'cohort_application_events',
];

/**
 * Erases everything held about one email address (UK GDPR erasure): their contact submissions,
 * their sign-ups on every list, the outbox jobs that would still send them anywhere, and the
 * person in their workshop sales and places (the amounts stay for the books: the sales'
 * forgetBuyer, the workshop's forgetAttendees) and in every Stripe event that names them, and
 * their cohort applications with the owner's notes on them (the cohort's forgetApplications).
 * Emails are stored lower-cased, so the match ignores capitals. Each table's rows go through its
 * owner (the leads', the sales', the workshop's, the cohort's, the outbox's), all in this one
 * transaction; then the old bytes leave the database's files (reclaimErased).
 */
export async function forgetPerson(store: Store, email: string): Promise<Erased> {
  const address = email.trim().toLowerCase();
  const erased = await store.db.transaction().execute(async (trx) => {
    const leads = await forgetLeads(trx, address);
    const now = new Date().toISOString();
    const buyer = await forgetBuyer(trx, address, now);
    const attendee = await forgetAttendees(trx, address, now);
    const applicant = await forgetApplications(trx, address, now);
    const jobs = await dropJobsOf(trx, [...leads.contactSubmissions, ...leads.subscribers]);
    return {
      contactSubmissions: leads.contactSubmissions.length,
      subscribers: leads.subscribers.length,
      outboxJobs: jobs + buyer.outboxJobs + attendee.outboxJobs + applicant.outboxJobs,
      sales: buyer.sales,
      attendees: attendee.attendees,
      applications: applicant.applications,
    };
  });
  await reclaimErased(store, erasedTables);
  return erased;
}

/**
 * Deletes leads created before `before`, their outbox jobs, and finished outbox jobs as old.
 * Pending jobs of younger leads are kept: they still have work to do. Sales and workshop places
 * as old lose their buyer and attendee and keep their amounts (`sales`, `attendees` count them);
 * Stripe's events as old lose their payloads (the same cut-off: an event is about a sale).
 * Cohort applications follow their own retention, the months the content promises in the privacy
 * notice, counted back from `applications.now`, whatever `before` says (the cohort's
 * pruneApplications).
 */
export async function pruneOlderThan(
  store: Store,
  before: Date,
  applications: { now: Date; retentionMonths: number },
): Promise<Erased> {
  const cutoff = before.toISOString();
  const pruned = await store.db.transaction().execute(async (trx) => {
    // The jobs first, while their leads are still there to be found.
    const jobs = await pruneJobs(trx, leadsBefore(trx, cutoff), cutoff);
    const leads = await pruneLeads(trx, cutoff);
    const now = new Date().toISOString();
    const buyers = await pruneBuyers(trx, cutoff, now);
    await pruneStripeEvents(trx, cutoff);
    const attendees = await pruneAttendees(trx, cutoff, now);
    // Whatever the age asked for: a hold's client hash has no use once the hold has ended.
    await forgetHoldClients(trx, now);
    const applicants = await pruneApplications(trx, {
      now: applications.now.toISOString(),
      retentionMonths: applications.retentionMonths,
    });
    return {
      ...leads,
      outboxJobs: jobs + buyers.outboxJobs + attendees.outboxJobs + applicants.outboxJobs,
      sales: buyers.sales,
      attendees: attendees.attendees,
      applications: applicants.applications,
    };
  });
  await reclaimErased(store, erasedTables);
  return pruned;
}
