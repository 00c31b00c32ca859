import type { Experiment } from '../../contracts/content/experiments';
import { type UtmKey, utmKeys } from '../../contracts/form-fields';
import { ownerPaths } from '../../contracts/owner';
import type { SubscriptionList } from '../../contracts/subscription';
import { findContactSubmission, findContactSubmissions, findSubscriber } from '../db/leads';
import type { OutboxJob } from '../db/outbox';
import { findPostBroadcast, markBroadcastMade } from '../db/post-broadcasts';
import type { ContactSubmissionTable, OutboxJobKind, SubscriberTable } from '../db/schema';
import type { Store } from '../db/store';
import { type Env, type KitFormEnv, kitFormIds } from '../env';
import { findSale } from '../features/sales';
import { weeklyReport } from '../owner/weekly-report';
import type { Kit } from '../providers/kit';
import type { ContactNotice, OwnerMail } from '../providers/owner-mail';
import { ProviderError } from '../providers/provider-error';

export interface Providers {
  kit: Kit | null;
  ownerMail: OwnerMail | null;
}

/**
 * Where leads go after they are stored: which outbox jobs a new lead gets (none for a provider
 * that is not configured, so the lead simply stays in the database) and how each job is sent.
 */
export interface Forwarding {
  jobsForSubscriber(list: SubscriptionList): OutboxJobKind[];
  /** A verified enquiry is mailed at once; an unverified one waits for the hourly digest. */
  jobsForContact(lead: { verified: boolean }): OutboxJobKind[];
  /**
   * A workshop sale, when first paid: the owner's email (unless OWNER_SALE_EMAIL=off) and, for a
   * buyer not yet on any of our lists, Kit's buyers list (KIT_FORM_ID_BUYERS).
   */
  jobsForSale(sale: { alreadySubscriber: boolean }): OutboxJobKind[];
  /** Kit is set up, so a post published as a newsletter gets a broadcast job. */
  makesBroadcasts: boolean;
  /** Sends one job; throws a ProviderError when it should be retried or given up. */
  deliver(store: Store, job: OutboxJob): Promise<void>;
  /** Sends the due digest entries as one email; throws like deliver. */
  deliverDigest(store: Store, jobs: readonly OutboxJob[]): Promise<void>;
}

type ForwardingEnv = Pick<Env, 'SITE_URL'> &
  KitFormEnv &
  Partial<Pick<Env, 'KIT_FORM_ID_BUYERS' | 'OWNER_SALE_EMAIL'>>;

export function createForwarding(
  env: ForwardingEnv,
  providers: Providers,
  /** The experiments served now, whose standing the weekly report gives. */
  experiments: () => readonly Experiment[] = () => [],
  clock: () => number = Date.now,
): Forwarding {
  const kitForms = kitFormIds(env);

  const ownerMail = () => ownerMailOf(providers);

  /** One email for the digest entries `jobs`, with the first job's id as its Message-ID. */
  async function sendDigest(store: Store, jobs: readonly OutboxJob[]): Promise<void> {
    const contacts = await findContactSubmissions(
      store,
      jobs.map((job) => job.lead_id),
    );
    const [first] = jobs;
    if (contacts.length === 0 || !first) return;
    await ownerMail().digest(contacts.map(contactNotice), first.id);
  }

  return {
    jobsForSubscriber: (list) => (providers.kit && kitForms[list] ? ['kit-subscribe'] : []),
    jobsForContact: ({ verified }) =>
      providers.ownerMail ? [verified ? 'owner-notify' : 'owner-digest'] : [],
    jobsForSale: ({ alreadySubscriber }) => [
      ...(providers.ownerMail && env.OWNER_SALE_EMAIL !== 'off' ? (['owner-sale'] as const) : []),
      ...(providers.kit && env.KIT_FORM_ID_BUYERS && !alreadySubscriber
        ? (['kit-buyer'] as const)
        : []),
    ],
    makesBroadcasts: providers.kit !== null,

    async deliver(store, job) {
      if (job.kind === 'owner-digest') return sendDigest(store, [job]);
      if (job.kind === 'owner-weekly-report') {
        const room = new URL(ownerPaths.room, env.SITE_URL).href;
        return ownerMail().report(
          await weeklyReport(store, job.lead_id, room, experiments()),
          job.id,
        );
      }
      if (job.kind === 'owner-sale' || job.kind === 'kit-buyer') {
        return deliverSale(env, providers, store, job);
      }
      if (job.kind === 'kit-broadcast') return makeBroadcast(providers.kit, clock, store, job);
      if (job.kind === 'kit-subscribe') {
        const subscriber = await findSubscriber(store, job.lead_id);
        if (!subscriber) return; // erased since (leads forget): nothing left to send
        const formId = kitForms[subscriber.list];
        if (!providers.kit || !formId) {
          throw new ProviderError(`Kit is not configured for the ${subscriber.list} list`, {
            permanent: true,
          });
        }
        await providers.kit.subscribe({
          email: subscriber.email,
          firstName: subscriber.first_name,
          formId,
          referrer: referrerOf(env.SITE_URL, subscriber),
        });
        return;
      }
      const contact = await findContactSubmission(store, job.lead_id);
      if (!contact) return;
      await ownerMail().notify(contactNotice(contact), job.id);
    },

    deliverDigest: sendDigest,
  };
}

/**
 * A post's newsletter, made in Kit once (docs/decisions/028-writing.md). A broadcast is not
 * safe to make twice, so every try, the first too, looks in Kit first for one made for the
 * post, by the post's mark in Kit's description: an earlier try's whose answer was lost, or
 * one whose row the database lost (restored from a backup, say).
 */
async function makeBroadcast(
  kit: Providers['kit'],
  clock: () => number,
  store: Store,
  job: OutboxJob,
): Promise<void> {
  const broadcast = await findPostBroadcast(store, job.lead_id);
  if (broadcast?.state !== 'waiting') return; // called off, or made already
  if (!kit) throw new ProviderError('Kit is not configured', { permanent: true });
  const description = broadcastMark(broadcast.post_id);
  const now = clock();
  // Kit sends a scheduled broadcast at the post's time; once that has passed, a minute from now.
  const postTime = Date.parse(broadcast.post_date);
  const sendAt =
    broadcast.broadcast === 'scheduled'
      ? new Date(postTime > now ? postTime : now + 60_000).toISOString()
      : null;
  const kitId =
    (await kit.findBroadcast(description)) ??
    (await kit.createBroadcast({
      subject: broadcast.subject,
      previewText: broadcast.preview_text,
      description,
      html: broadcast.html,
      sendAt,
    }));
  await markBroadcastMade(store, broadcast.post_id, { kitId, sendAt, now });
}

/** A sale's owner email, or its buyer's place on Kit's buyers list (decision 020). */
async function deliverSale(
  env: ForwardingEnv,
  providers: Providers,
  store: Store,
  job: OutboxJob,
): Promise<void> {
  const sale = await findSale(store, job.lead_id);
  if (!sale) return;
  if (job.kind === 'owner-sale') {
    return ownerMailOf(providers).sale(
      {
        id: sale.id,
        createdAt: sale.created_at,
        amount: sale.amount,
        currency: sale.currency,
        product: sale.product,
        source: sale.source,
        page: pageOf(sale.host, sale.path),
        email: sale.email,
        livemode: sale.livemode === 1,
      },
      job.id,
    );
  }
  if (!sale.email) return; // erased since: nothing left to send
  if (!providers.kit || !env.KIT_FORM_ID_BUYERS) {
    throw new ProviderError('Kit is not configured for the buyers list', { permanent: true });
  }
  await providers.kit.subscribe({
    email: sale.email,
    firstName: null,
    formId: env.KIT_FORM_ID_BUYERS,
    referrer: new URL(sale.path ?? '/', env.SITE_URL).href,
  });
}

/** The owner's mail, or a permanent failure: a job for it cannot go without SMTP. */
function ownerMailOf(providers: Providers): OwnerMail {
  if (!providers.ownerMail) throw new ProviderError('SMTP is not configured', { permanent: true });
  return providers.ownerMail;
}

/**
 * A post's mark in its broadcast's description in Kit, by the post's id: how a try knows the
 * post's broadcast. A post from before ids has its file name as its id, so its mark is the one
 * its broadcast was made with.
 */
export const broadcastMark = (postId: string) => `Post on the site: ${postId}`;

function contactNotice(contact: ContactSubmissionTable): ContactNotice {
  return {
    id: contact.id,
    createdAt: contact.created_at,
    name: contact.name,
    email: contact.email,
    message: contact.message,
    page: pageOf(contact.host, contact.page),
    verified: contact.verified === 1,
  };
}

/** A page as the owner's emails name it: the site's host and the path, when both are known. */
const pageOf = (host: string | null, path: string | null): string | null =>
  host && path ? `${host}${path}` : null;

/** The page the visitor signed up on, on the main site, with the sign-up's UTM parameters. */
export function referrerOf(
  siteUrl: string,
  subscriber: Pick<SubscriberTable, 'page' | UtmKey>,
): string {
  const path = subscriber.page?.startsWith('/') && !subscriber.page.startsWith('//');
  const url = new URL(path ? (subscriber.page as string) : '/', siteUrl);
  for (const key of utmKeys) {
    const value = subscriber[key];
    if (value) url.searchParams.set(key, value);
  }
  return url.toString();
}
