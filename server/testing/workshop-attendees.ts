import type { Store } from '../db/store';

/**
 * Attendees as the tests of the room and the data rights seed them: the attendee, the sale its
 * payment made (the same Checkout Session id, as the webhook stores both), and a refund of it
 * when asked. Each in the state the webhook would leave it in; what makes them from Stripe's
 * events is tested beside the fulfilment (server/features/workshop/fulfil.ts).
 */
export interface SeededAttendee {
  id: string;
  session: string;
  status?: 'confirmed' | 'refunded';
  name?: string | null;
  email?: string | null;
  amount?: number;
  currency?: string;
  /** What the session's price was when the seat was held: a mismatch when it differs. */
  expected?: { amount: number; currency: string } | null;
  refunded?: number;
  livemode?: 0 | 1;
  createdAt?: string;
  source?: string | null;
  variant?: string | null;
}

export async function seedAttendee(store: Store, seed: SeededAttendee): Promise<void> {
  const amount = seed.amount ?? 4900;
  const currency = seed.currency ?? 'gbp';
  const expected = seed.expected === undefined ? { amount: 4900, currency: 'gbp' } : seed.expected;
  const createdAt = seed.createdAt ?? '2026-11-26T10:00:00.000Z';
  const paymentIntent = `pi_${seed.id}`;
  const email = seed.email === undefined ? `${seed.id.toLowerCase()}@example.com` : seed.email;
  await store.db
    .insertInto('workshop_attendees')
    .values({
      id: seed.id,
      session_id: seed.session,
      hold_id: null,
      created_at: createdAt,
      status: seed.status ?? 'confirmed',
      name: seed.name === undefined ? 'Ada Lovelace' : seed.name,
      email,
      amount,
      currency,
      expected_amount: expected?.amount ?? null,
      expected_currency: expected?.currency ?? null,
      mismatch: expected && (expected.amount !== amount || expected.currency !== currency) ? 1 : 0,
      payment_intent: paymentIntent,
      livemode: seed.livemode ?? 0,
      host: 'localhost',
      path: '/assetworkshop',
      source: seed.source === undefined ? 'Instagram' : seed.source,
      experiment: null,
      variant: seed.variant ?? null,
      refunded_at: seed.status === 'refunded' ? createdAt : null,
      erased_at: null,
    })
    .execute();
  await store.db
    .insertInto('sales')
    .values({
      id: seed.id,
      created_at: createdAt,
      recorded_at: createdAt,
      status: 'paid',
      livemode: seed.livemode ?? 0,
      amount,
      currency,
      product: 'workshop',
      reference: null,
      click_day: null,
      host: 'localhost',
      path: '/assetworkshop',
      source: seed.source === undefined ? 'Instagram' : seed.source,
      experiment: null,
      variant: seed.variant ?? null,
      email,
      payment_intent: paymentIntent,
      customer: `cus_${seed.id}`,
      payment_link: null,
      notified_at: createdAt,
      erased_at: null,
    })
    .execute();
  if (seed.refunded) {
    await store.db
      .insertInto('sale_refunds')
      .values({
        charge_id: `ch_${seed.id}`,
        payment_intent: paymentIntent,
        amount_refunded: seed.refunded,
        currency,
        updated_at: createdAt,
      })
      .execute();
  }
}
