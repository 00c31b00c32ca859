import { type UtmKey, utmKeys } from '../../contracts/form-fields';
import type { SubscriptionList } from '../../contracts/subscription';
import { findContactSubmission, findSubscriber } from '../db/leads';
import type { OutboxJob } from '../db/outbox';
import type { OutboxJobKind, SubscriberTable } from '../db/schema';
import type { Store } from '../db/store';
import { type Env, kitFormIds } from '../env';
import type { Kit } from '../providers/kit';
import type { OwnerMail } from '../providers/owner-mail';
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
  jobsForContact(): OutboxJobKind[];
  /** Sends one job; throws a ProviderError when it should be retried or given up. */
  deliver(store: Store, job: OutboxJob): Promise<void>;
}

type ForwardingEnv = Pick<
  Env,
  'SITE_URL' | 'KIT_FORM_ID_NEWSLETTER' | 'KIT_FORM_ID_WAITLIST' | 'KIT_FORM_ID_HANDBOOK'
>;

export function createForwarding(env: ForwardingEnv, providers: Providers): Forwarding {
  const kitForms = kitFormIds(env);

  return {
    jobsForSubscriber: (list) => (providers.kit && kitForms[list] ? ['kit-subscribe'] : []),
    jobsForContact: () => (providers.ownerMail ? ['owner-notify'] : []),

    async deliver(store, job) {
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
      if (!providers.ownerMail) {
        throw new ProviderError('SMTP is not configured', { permanent: true });
      }
      await providers.ownerMail.notify({
        id: contact.id,
        createdAt: contact.created_at,
        name: contact.name,
        email: contact.email,
        message: contact.message,
      });
    },
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
