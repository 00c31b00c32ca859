import type { ProvenOutcome } from '../../../contracts/proven-outcome';
import type { Store } from '../../db/store';
import type { ProvenPage } from '../../http/proven-page';

/**
 * What the offer page may say of the Checkout Session its address names
 * (`/offer?checkout=cs_…`: Stripe's success_url, and an enrolled offer's link;
 * docs/decisions/034-selling-that-cannot-be-gamed.md): "You're in" when that session paid an
 * offer (enrolled: the fulfilment keeps the session that paid it), "waiting for your payment"
 * while it is an offer's open checkout whose offer still holds its seat (Stripe's event on its
 * way, a bank payment settling); for any other session, nothing: the page's words for anyone.
 */
export function offerPageProof(store: Store, now: () => number = Date.now): ProvenPage {
  return {
    page: 'cohort-offer',
    async prove(session): Promise<ProvenOutcome | null> {
      const offer = await store.db
        .selectFrom('cohort_offers')
        .select(['status', 'expires_at'])
        .where('checkout_session', '=', session)
        .executeTakeFirst();
      if (offer?.status === 'enrolled') return 'paid';
      const holds = offer?.status === 'open' && offer.expires_at > new Date(now()).toISOString();
      return holds ? 'pending' : null;
    },
  };
}
