import type { ProvenOutcome } from '../../../contracts/proven-outcome';
import type { Store } from '../../db/store';
import type { ProvenPage } from '../../http/proven-page';

/**
 * What the "You're in" page may say of the Checkout Session its address names
 * (`/cohort/booked?checkout=cs_…`, Stripe's success_url: server/features/workshop/checkout.ts;
 * docs/decisions/034-selling-that-cannot-be-gamed.md): "You're in" when that session made a
 * confirmed attendee (its id is the session's); "waiting for your payment" while it is a hold's
 * checkout still holding its seat (Stripe's event on its way, a bank payment settling); for
 * anything else (no such session, a refund, a payment held for the owner's review, a released
 * hold), nothing: the page's words for anyone.
 */
export function bookedPageProof(store: Store, now: () => number = Date.now): ProvenPage {
  return {
    page: 'workshop-booked',
    async prove(session): Promise<ProvenOutcome | null> {
      const attendee = await store.db
        .selectFrom('workshop_attendees')
        .select('status')
        .where('id', '=', session)
        .executeTakeFirst();
      if (attendee) return attendee.status === 'confirmed' ? 'paid' : null;
      const hold = await store.db
        .selectFrom('workshop_holds')
        .select(['status', 'expires_at'])
        .where('checkout_session', '=', session)
        .executeTakeFirst();
      const holds =
        hold !== undefined &&
        hold.status !== 'released' &&
        hold.expires_at > new Date(now()).toISOString();
      return holds ? 'pending' : null;
    },
  };
}
