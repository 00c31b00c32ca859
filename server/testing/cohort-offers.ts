import { randomUUID } from 'node:crypto';
import type { CohortOfferTable } from '../db/schema';
import type { Store } from '../db/store';

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
