import { randomBytes, randomUUID } from 'node:crypto';
import { sql, type Transaction } from 'kysely';
import type { ContactSubmission } from '../../../contracts/contact';
import type { Subscription, SubscriptionList } from '../../../contracts/subscription';
import { sourceName } from '../../../contracts/traffic-source';
import { enqueue } from '../../db/outbox';
import type { Database, OutboxJobKind, SubscriberTable } from '../../db/schema';
import { isoNow, type Store } from '../../db/store';
import type { LeadMeta } from '../../http/lead-form';
import { mailboxKey } from './mailbox';

/**
 * Stores a contact submission and its outbox jobs in one transaction: once this resolves the
 * enquiry and its pending notification are both on disk, or neither is.
 */
export async function addContactSubmission(
  store: Store,
  contact: ContactSubmission,
  meta: LeadMeta,
  jobs: readonly OutboxJobKind[],
  { notifyHourlyLimit = Number.POSITIVE_INFINITY }: { notifyHourlyLimit?: number } = {},
): Promise<string> {
  const id = randomUUID();
  const now = isoNow();
  await store.write(async (trx) => {
    // Past the hourly ceiling of single notices, an enquiry waits for the hour's digest, so a
    // flood fills one email instead of the owner's inbox.
    const kinds =
      jobs.includes('owner-notify') && (await noticesThisHour(trx, now)) >= notifyHourlyLimit
        ? jobs.map((kind) => (kind === 'owner-notify' ? ('owner-digest' as const) : kind))
        : jobs;
    await trx
      .insertInto('contact_submissions')
      .values({
        id,
        created_at: now,
        name: contact.name,
        email: contact.email.toLowerCase(),
        message: contact.message,
        page: contact.page || null,
        ip_hash: meta.ipHash,
        verified: meta.verified ? 1 : 0,
        host: meta.host,
      })
      .execute();
    await enqueue(trx, id, kinds, now);
  });
  return id;
}

/**
 * Stores a sign-up unless this email is already on this list; a repeat is a success that stores
 * nothing and sends nothing again. `created` tells the two apart. Either way the answer carries
 * a fresh share code (decision 021): never one an earlier sign-up was given, so posting someone
 * else's email hands over nothing of theirs, and friends are counted per code.
 */
export async function addSubscriber(
  store: Store,
  subscription: Subscription,
  meta: LeadMeta,
  jobs: readonly OutboxJobKind[],
): Promise<{ id: string; created: boolean; referralCode: string }> {
  const email = subscription.email.toLowerCase();
  const mailbox = mailboxKey(email);
  const now = isoNow();
  return store.write(async (trx) => {
    // Someone's own link does not count for them (a self-referral), under any of their spellings.
    const referrer = subscription.ref
      ? await trx
          .selectFrom('share_codes')
          .innerJoin('subscribers', 'subscribers.id', 'share_codes.subscriber_id')
          .select(['subscribers.email', 'subscribers.mailbox'])
          .where('share_codes.code', '=', subscription.ref)
          .executeTakeFirst()
      : undefined;
    const referredBy =
      referrer && (referrer.mailbox ?? mailboxKey(referrer.email)) !== mailbox
        ? (subscription.ref ?? null)
        : null;
    // Kit keeps one subscriber per address: what it reported for this address on another list
    // holds for this sign-up too (an already active subscriber is not confirmed again).
    const known = await trx
      .selectFrom('subscribers')
      .select((eb) => [
        eb.fn.max('confirmed_at').as('confirmed_at'),
        eb.fn.max('unsubscribed_at').as('unsubscribed_at'),
        eb.fn.max('bounced_at').as('bounced_at'),
        eb.fn.max('complained_at').as('complained_at'),
      ])
      .where('email', '=', email)
      .executeTakeFirst();
    const inserted = await trx
      .insertInto('subscribers')
      .values({
        id: randomUUID(),
        created_at: now,
        list: subscription.list,
        email,
        mailbox,
        first_name: subscription.firstName || null,
        // A page open since before sources had one name may still send an old spelling.
        source: sourceName(subscription.source ?? '') || null,
        page: subscription.page || null,
        experiment: meta.experiment?.name ?? null,
        variant: meta.experiment?.variant ?? null,
        visitor: meta.experiment?.visitor ?? null,
        utm_source: subscription.utm?.utm_source || null,
        utm_medium: subscription.utm?.utm_medium || null,
        utm_campaign: subscription.utm?.utm_campaign || null,
        utm_term: subscription.utm?.utm_term || null,
        utm_content: subscription.utm?.utm_content || null,
        ip_hash: meta.ipHash,
        host: meta.host,
        referred_by: referredBy,
        verified: meta.verified ? 1 : 0,
        confirmed_at: known?.confirmed_at ?? null,
        unsubscribed_at: known?.unsubscribed_at ?? null,
        bounced_at: known?.bounced_at ?? null,
        complained_at: known?.complained_at ?? null,
      })
      .onConflict((conflict) => conflict.columns(['list', 'email']).doNothing())
      .returning('id')
      .executeTakeFirst();
    const id =
      inserted?.id ??
      (
        await trx
          .selectFrom('subscribers')
          .select('id')
          .where('list', '=', subscription.list)
          .where('email', '=', email)
          .executeTakeFirstOrThrow()
      ).id;
    const referralCode = randomBytes(9).toString('base64url');
    await trx
      .insertInto('share_codes')
      .values({ code: referralCode, subscriber_id: id, created_at: now })
      .execute();
    if (inserted) await enqueue(trx, id, jobs, now);
    return { id, created: Boolean(inserted), referralCode };
  });
}

/** Single owner notices queued in the hour before `now`. */
async function noticesThisHour(trx: Transaction<Database>, now: string): Promise<number> {
  const row = await trx
    .selectFrom('outbox_jobs')
    .select((eb) => eb.fn.countAll().as('count'))
    .where('kind', '=', 'owner-notify')
    .where('created_at', '>', new Date(Date.parse(now) - 3_600_000).toISOString())
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The times Kit reports on a sign-up (decision 021), one column each. */
export type KitStatusColumn = keyof Pick<
  SubscriberTable,
  'confirmed_at' | 'unsubscribed_at' | 'bounced_at' | 'complained_at'
>;

/**
 * Sets a time Kit reported on every sign-up of `email`, keeping the later one, whatever order the
 * events arrive in (times compare as ISO text). Answers how many sign-ups it touched.
 */
export async function markKitStatus(
  trx: Transaction<Database>,
  email: string,
  column: KitStatusColumn,
  at: string,
): Promise<number> {
  const updated = await trx
    .updateTable('subscribers')
    .set({
      [column]: sql<string>`case when ${sql.ref(column)} is null or ${sql.ref(column)} < ${at} then ${at} else ${sql.ref(column)} end`,
    })
    .where('email', '=', email)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows);
}

/**
 * Erasure: deletes the enquiries and sign-ups of `address` (lower-cased) and their share links.
 * Answers the ids they had, whose outbox jobs go in the same transaction.
 */
export async function forgetLeads(
  trx: Transaction<Database>,
  address: string,
): Promise<{ contactSubmissions: string[]; subscribers: string[] }> {
  const idsOf = (table: 'contact_submissions' | 'subscribers') =>
    trx
      .selectFrom(table)
      .select('id')
      .where('email', '=', address)
      .execute()
      .then((rows) => rows.map((row) => row.id));
  const contactSubmissions = await idsOf('contact_submissions');
  const subscribers = await idsOf('subscribers');
  if (subscribers.length > 0) {
    await trx.deleteFrom('share_codes').where('subscriber_id', 'in', subscribers).execute();
  }
  await trx.deleteFrom('contact_submissions').where('email', '=', address).execute();
  await trx.deleteFrom('subscribers').where('email', '=', address).execute();
  return { contactSubmissions, subscribers };
}

/** The leads (enquiries and sign-ups) created before `cutoff`, as a query of their ids. */
export const leadsBefore = (trx: Transaction<Database>, cutoff: string) =>
  trx
    .selectFrom('contact_submissions')
    .select('id')
    .where('created_at', '<', cutoff)
    .union(trx.selectFrom('subscribers').select('id').where('created_at', '<', cutoff));

/** A prune: deletes the leads created before `cutoff`, and their share links with them. */
export async function pruneLeads(
  trx: Transaction<Database>,
  cutoff: string,
): Promise<{ contactSubmissions: number; subscribers: number }> {
  const contacts = await trx
    .deleteFrom('contact_submissions')
    .where('created_at', '<', cutoff)
    .executeTakeFirst();
  const subscribers = await trx
    .deleteFrom('subscribers')
    .where('created_at', '<', cutoff)
    .executeTakeFirst();
  await trx
    .deleteFrom('share_codes')
    .where('subscriber_id', 'not in', trx.selectFrom('subscribers').select('id'))
    .execute();
  return {
    contactSubmissions: Number(contacts.numDeletedRows),
    subscribers: Number(subscribers.numDeletedRows),
  };
}

export async function countSubscribers(store: Store, list: SubscriptionList): Promise<number> {
  const row = await store.db
    .selectFrom('subscribers')
    .select((eb) => eb.fn.countAll().as('count'))
    .where('list', '=', list)
    .executeTakeFirstOrThrow();
  // PostgreSQL answers count(*) as a bigint string.
  return Number(row.count);
}

export function findContactSubmission(store: Store, id: string) {
  return store.db
    .selectFrom('contact_submissions')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The contact submissions among `ids` that still exist, oldest first. */
export function findContactSubmissions(store: Store, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return store.db
    .selectFrom('contact_submissions')
    .selectAll()
    .where('id', 'in', ids)
    .orderBy('created_at')
    .execute();
}

export function findSubscriber(store: Store, id: string) {
  return store.db.selectFrom('subscribers').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * How many friends joined through a share link and confirmed their address (decision 021): each
 * mailbox once (server/features/leads/mailbox.ts), leaving out the link's owner under any spelling; null for
 * a code nobody was given. A repeat sign-up stored nothing, so it never counts twice.
 */
export async function countReferrals(store: Store, code: string): Promise<number | null> {
  const owner = await store.db
    .selectFrom('share_codes')
    .innerJoin('subscribers', 'subscribers.id', 'share_codes.subscriber_id')
    .select(['subscribers.email', 'subscribers.mailbox'])
    .where('share_codes.code', '=', code)
    .executeTakeFirst();
  if (!owner) return null;
  const { joined } = await store.db
    .selectFrom('subscribers')
    .select((eb) => eb.fn.count<number | string>('mailbox').distinct().as('joined'))
    .where('referred_by', '=', code)
    .where('confirmed_at', 'is not', null)
    .where('mailbox', '!=', owner.mailbox ?? mailboxKey(owner.email))
    .executeTakeFirstOrThrow();
  return Number(joined);
}
