import { subscriptionSchema } from '../../contracts/subscription';
import { addSubscriber } from '../db/leads';
import type { LeadApiDeps } from './contact';
import { leadRouter } from './lead-form';

/**
 * POST /api/subscriptions: every sign-up form (D8). 201 {id} for a new sign-up; 200 {id} with
 * the existing id when this email is already on this list (a success that stores nothing new).
 */
export function subscriptionsRouter(deps: LeadApiDeps) {
  return leadRouter(deps, {
    lead: 'subscriber',
    schema: subscriptionSchema,
    save: (subscription, meta) =>
      addSubscriber(
        deps.store,
        subscription,
        meta,
        deps.forwarding.jobsForSubscriber(subscription.list),
      ),
  });
}
