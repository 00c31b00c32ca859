import type { Transaction } from 'kysely';
import { londonMidnight } from '../../../contracts/london-day';
import type { Database, OutboxJobKind } from '../../db/schema';
import type { Logger } from '../../logger';
import type { Fulfil, FulfilmentFacts } from '../sales';
import { queueOnce } from './offer-moves';
import {
  clearCheckout,
  endOfferOnFailure,
  enrolOffer,
  keepOfferSeat,
  offerRow,
  refundOffer,
} from './offers';

/**
 * The cohort's fulfilment (docs/decisions/033-cohort-applications.md, "The offer that pays"):
 * what Stripe's events about an offer's Checkout Session mean for it, done inside the sales'
 * transaction of each event on its first delivery (server/features/sales/store.ts
 * `recordStripeEvent`), as the workshop's is. server/feature-list.ts hands it the events whose
 * session names an offer (`metadata.cohort_offer`), and every refund. Paid, the offer enrols its
 * applicant once, however the events race, and queues the enrolment's jobs; a payment on its way
 * keeps the seat until the intake starts; an expired session lets the link open another; a
 * refund in full, or a dispute lost, frees the seat.
 */

/** The metadata key of our offers' Checkout Sessions (offer-checkout.ts). */
export const offerMetadataKey = 'cohort_offer';

export interface CohortFulfilmentDeps {
  /** The cohort's jobs that are on (server/outbox/forwarding.ts `jobsForCohort`). */
  jobs: () => readonly OutboxJobKind[];
  logger: Pick<Logger, 'warn'>;
}

/** Queued once an offer is paid, those on: the applicant's email, Kit's tag and purchase. */
const enrolmentJobs = ['cohort-enrolled', 'kit-cohort-enrolled', 'kit-cohort-purchase'] as const;

export function cohortFulfilment(deps: CohortFulfilmentDeps): Fulfil {
  return async (trx, facts, now) => {
    switch (facts.kind) {
      case 'expired': {
        const offer = facts.expired.metadata[offerMetadataKey];
        if (offer) await clearCheckout(trx, { offer, checkoutSession: facts.expired.id });
        return [];
      }
      case 'refund': {
        const { paymentIntent } = facts.refund;
        if (paymentIntent) await refundOffer(trx, { paymentIntent, refunded: facts.refunded, now });
        return [];
      }
      case 'dispute': {
        // An enrolment's emails went when it was paid, and none waits: a dispute lost frees its
        // seat as a refund in full does; one opened is the owner's to answer in Stripe.
        const { paymentIntent, closed, status } = facts.dispute;
        if (paymentIntent && closed && status === 'lost') {
          await refundOffer(trx, { paymentIntent, refunded: Number.MAX_SAFE_INTEGER, now });
        }
        return [];
      }
      case 'checkout':
        return checkout(trx, facts, now, deps);
    }
  };
}

async function checkout(
  trx: Transaction<Database>,
  { sale, checkout, refunded }: Extract<FulfilmentFacts, { kind: 'checkout' }>,
  now: string,
  deps: CohortFulfilmentDeps,
): Promise<readonly OutboxJobKind[]> {
  const id = checkout.metadata[offerMetadataKey];
  const offer = id ? await offerRow(trx, id) : undefined;
  if (!offer) return [];
  const checkoutSession = sale.id;
  if (sale.status === 'failed') {
    await endOfferOnFailure(trx, { offer: offer.id, now });
    return [];
  }
  if (sale.status === 'pending') {
    // A bank debit settles in days: the seat stays the applicant's until the intake starts,
    // unless the payment fails first.
    const until = new Date(londonMidnight(offer.intake)).toISOString();
    await keepOfferSeat(trx, { offer: offer.id, until });
    return [];
  }
  // Refunded in full before this event came (Stripe's events may arrive in any order).
  const alreadyRefunded = sale.amount > 0 && refunded >= sale.amount;
  const enrolled = await enrolOffer(trx, {
    offer: offer.id,
    checkoutSession,
    paidAmount: sale.amount,
    paymentIntent: sale.payment_intent,
    livemode: sale.livemode,
    now,
    refunded: alreadyRefunded,
  });
  if (!enrolled) {
    if (offer.checkout_session !== checkoutSession && offer.status !== 'open') {
      // Paid twice (two sessions of one offer, both paid): one enrolment; the owner refunds.
      deps.logger.warn(
        { offer: offer.id, checkoutSession },
        'a cohort offer paid a second time: refund this payment in Stripe',
      );
    }
    return [];
  }
  if (alreadyRefunded) return [];
  const applicant = await trx
    .selectFrom('cohort_applications')
    .select('email')
    .where('id', '=', offer.application_id)
    .executeTakeFirst();
  // Erased before the payment came: nobody to write to.
  if (!applicant?.email) return [];
  return queueOnce(trx, { leadId: offer.id, kinds: enrolmentJobs, on: deps.jobs(), now });
}
