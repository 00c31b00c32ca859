import { type UtmKey, utmKeys } from '../../../contracts/form-fields';
import { funnelPageKey } from '../../../contracts/funnel-figures';
import type { OutboxJob } from '../../db/outbox';
import type { ContactSubmissionTable, SubscriberTable } from '../../db/schema';
import type { Store } from '../../db/store';
import { kitFormIds } from '../../env';
import { type FeatureJobs, type JobContext, ownerMailOf } from '../../outbox/forwarding';
import type { ContactNotice } from '../../providers/owner-mail';
import { ProviderError } from '../../providers/provider-error';
import { findContactSubmission, findContactSubmissions, findSubscriber } from './store';

/**
 * The leads' outbox jobs: a sign-up onto its Kit form (kit-subscribe), an enquiry to the owner at
 * once (owner-notify) or in the hourly digest (owner-digest).
 */
export function leadJobs({ env, providers }: JobContext): FeatureJobs {
  const kitForms = kitFormIds(env);

  /** One email for the digest entries `jobs`, with the first job's id as its Message-ID. */
  async function sendDigest(store: Store, jobs: readonly OutboxJob[]): Promise<void> {
    const contacts = await findContactSubmissions(
      store,
      jobs.map((job) => job.lead_id),
    );
    const [first] = jobs;
    if (contacts.length === 0 || !first) return;
    await ownerMailOf(providers).digest(contacts.map(contactNotice), first.id);
  }

  return {
    send: {
      'owner-digest': (store, job) => sendDigest(store, [job]),
      async 'owner-notify'(store, job) {
        const contact = await findContactSubmission(store, job.lead_id);
        if (!contact) return;
        await ownerMailOf(providers).notify(contactNotice(contact), job.id);
      },
      async 'kit-subscribe'(store, job) {
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
      },
    },
    digest: sendDigest,
  };
}

function contactNotice(contact: ContactSubmissionTable): ContactNotice {
  return {
    id: contact.id,
    createdAt: contact.created_at,
    name: contact.name,
    email: contact.email,
    message: contact.message,
    page: funnelPageKey.recorded(contact.host, contact.page),
    verified: contact.verified === 1,
  };
}

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
