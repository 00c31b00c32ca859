import { downloads } from '../../../contracts/downloads';
import { type SubscriptionAnswer, subscriptionSchema } from '../../../contracts/subscription';
import { leadRouter } from '../../http/lead-form';
import type { LeadApiDeps } from './contact';
import { addSubscriber } from './store';

/**
 * POST /api/subscriptions: every sign-up form (product decision D8). 201 {id, referralCode},
 * for a new sign-up and for an email already on this list (a success that stores nothing new,
 * and answers alike, so no one can learn who is on a list). The code makes the visitor's share
 * link: a fresh one for every answer (decision 021), so an email typed by someone else never
 * reveals its owner's link.
 */
export function subscriptionsRouter(deps: LeadApiDeps) {
  return leadRouter<typeof subscriptionSchema, SubscriptionAnswer>(deps, {
    lead: 'subscriber',
    schema: subscriptionSchema,
    save: async (subscription, meta) => {
      const { id, created, referralCode } = await addSubscriber(
        deps.store,
        subscription,
        meta,
        deps.forwarding.jobsForSubscriber(subscription.list),
      );
      // The visitor's share link (the thank-you page's promise).
      return { created, answer: { id, referralCode } };
    },
    // A bot gets no share code.
    decoyAnswer: (id) => ({ id }),
    // D9: without JavaScript the handbook form still ends at the handbook.
    nativeSuccessPath: (subscription) =>
      subscription.list === 'handbook' ? downloads.handbook : undefined,
  });
}
