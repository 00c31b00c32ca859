import { randomUUID } from 'node:crypto';
import type { CohortOfferTable, OutboxJobKind } from '../db/schema';
import type { Store } from '../db/store';
import { type CohortFulfilmentDeps, cohortFulfilment } from '../features/cohort';
import { readSaleEvent, recordStripeEvent } from '../features/sales';
import {
  type CheckoutSessionEventType,
  checkoutSessionEvent,
  type SessionOptions,
  testReferences,
} from './stripe';

/**
 * Offers as the tests of what reads them seed them (the cohort's jobs): a row of cohort_offers as
 * accepting, paying, withdrawing or refunding would leave it, written as it is, so a test sets up
 * each state in one step. What makes those rows is tested in its own module.
 */
export interface SeededOffer {
  applicationId: string;
  intake: string;
  status?: CohortOfferTable['status'];
  /** When it lapses (ISO); a day from now unless said. */
  expiresAt?: string;
  /** In pence, £2,950 unless said. */
  amount?: number;
  /** Once paid: the Checkout Session, what was paid and when. */
  paid?: { checkoutSession: string; amount: number; at: string };
}

export async function seedOffer(store: Store, seed: SeededOffer): Promise<string> {
  const id = randomUUID();
  const now = new Date().toISOString();
  await store.db
    .insertInto('cohort_offers')
    .values({
      id,
      application_id: seed.applicationId,
      intake: seed.intake,
      status: seed.status ?? 'open',
      created_at: now,
      expires_at: seed.expiresAt ?? new Date(Date.now() + 86_400_000).toISOString(),
      amount: seed.amount ?? 295_000,
      currency: 'gbp',
      checkout_session: seed.paid?.checkoutSession ?? null,
      checkout_url: null,
      checkout_expires_at: null,
      enrolled_at: seed.paid?.at ?? null,
      paid_amount: seed.paid?.amount ?? null,
      payment_intent: seed.paid ? `pi_${seed.paid.checkoutSession}` : null,
      livemode: seed.paid ? 0 : null,
      closed_at: seed.status === 'withdrawn' || seed.status === 'refunded' ? now : null,
    })
    .execute();
  return id;
}

/**
 * Stripe's event about a Checkout Session of an offer, as the offer's link makes them: for the
 * offer, in the tests' intake, signed for the application's page and source.
 */
export function offerCheckoutEvent(
  type: CheckoutSessionEventType,
  offer: string,
  session: string,
  options: SessionOptions = {},
) {
  return checkoutSessionEvent(type, {
    session,
    paymentLink: null,
    amount: 295000,
    email: 'ada@example.com',
    paymentIntent: `pi_${session}`,
    reference: testReferences.make({
      day: '2026-11-26',
      host: 'sellablebusiness.localhost',
      path: '/sellablebusiness/apply',
      source: 'Instagram',
    }),
    metadata: { product: 'cohort', cohort_offer: offer, intake: '2027-01-11' },
    ...options,
  });
}

/**
 * A Stripe event recorded as the webhook records it, with the cohort's fulfilment alone (its
 * `jobs` on, its warnings to `logger`).
 */
export function recordOfferEvent(
  store: Store,
  event: object,
  deps: Partial<CohortFulfilmentDeps> = {},
) {
  const parsed = readSaleEvent(JSON.stringify(event), event, testReferences.read);
  if (parsed.kind !== 'record') throw new Error(`${parsed.type} ignored`);
  return recordStripeEvent(store, parsed.event, () => [], {
    fulfil: cohortFulfilment({
      jobs: deps.jobs ?? (() => cohortJobKinds),
      logger: deps.logger ?? { warn: () => {} },
    }),
  });
}

/** Every job of the cohort, as when mail and Kit (with purchases) are set up. */
export const cohortJobKinds: readonly OutboxJobKind[] = [
  'cohort-offer',
  'cohort-enrolled',
  'cohort-declined',
  'cohort-waitlisted',
  'kit-cohort-applicant',
  'kit-cohort-accepted',
  'kit-cohort-enrolled',
  'kit-cohort-purchase',
];
