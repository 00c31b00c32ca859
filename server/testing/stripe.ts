import Stripe from 'stripe';
import { checkoutReferences } from '../features/sales';
import { testIpHashKey } from './app';

/**
 * Stripe's webhook deliveries, made and signed here with the official library's test helper
 * (no network): the events' shapes follow Stripe's API reference, trimmed to what matters.
 */

export const testWebhookSecret = 'whsec_test_secret_for_local_signing';

/** References as the test app signs them (createTestApp's server secret). */
export const testReferences = checkoutReferences(testIpHashKey);

let counter = 0;
const unique = () => `${Date.now().toString(36)}${(counter++).toString(36)}`;

export interface SessionOptions {
  session?: string;
  reference?: string | null;
  email?: string | null;
  amount?: number;
  currency?: string;
  paymentStatus?: 'paid' | 'unpaid' | 'no_payment_required';
  paymentIntent?: string | null;
  /** Unix seconds. */
  created?: number;
  livemode?: boolean;
}

/** A checkout.session.* event, with a fresh event id unless one is given. */
export function checkoutSessionEvent(
  type:
    | 'checkout.session.completed'
    | 'checkout.session.async_payment_succeeded'
    | 'checkout.session.async_payment_failed',
  options: SessionOptions = {},
  eventId = `evt_${unique()}`,
) {
  const session = options.session ?? 'cs_test_1';
  return {
    id: eventId,
    object: 'event',
    api_version: '2025-10-29.clover',
    created: Math.floor(Date.now() / 1000),
    livemode: options.livemode ?? false,
    type,
    data: {
      object: {
        id: session,
        object: 'checkout.session',
        created: options.created ?? Math.floor(Date.now() / 1000),
        livemode: options.livemode ?? false,
        mode: 'payment',
        amount_subtotal: options.amount ?? 4900,
        amount_total: options.amount ?? 4900,
        currency: options.currency ?? 'gbp',
        client_reference_id: options.reference === undefined ? null : options.reference,
        customer: null,
        customer_email: null,
        customer_details:
          options.email === null
            ? null
            : { email: options.email ?? 'buyer@example.com', name: 'Bea Buyer' },
        payment_intent:
          options.paymentIntent === undefined ? `pi_${session.slice(3)}` : options.paymentIntent,
        payment_link: 'plink_test_workshop',
        payment_status: options.paymentStatus ?? 'paid',
        status: 'complete',
        metadata: {},
      },
    },
  };
}

/**
 * A completed checkout of the workshop bought through our counted link: its reference names a
 * click on `host`'s /assetworkshop from Instagram on 25 November 2026.
 */
export function workshopSaleEvent(host: string, options: SessionOptions = {}) {
  const reference = testReferences.make(
    { day: '2026-11-25', host, path: '/assetworkshop', source: 'Instagram' },
    'Ab3dEf7h',
  );
  const event = checkoutSessionEvent('checkout.session.completed', { ...options, reference });
  return { reference, event };
}

/** A charge.refunded event: `refunded` is the charge's running total, as Stripe sends it. */
export function chargeRefundedEvent(
  { charge = 'ch_test_1', paymentIntent = 'pi_test_1', refunded = 4900, currency = 'gbp' } = {},
  eventId = `evt_${unique()}`,
) {
  return {
    id: eventId,
    object: 'event',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    type: 'charge.refunded',
    data: {
      object: {
        id: charge,
        object: 'charge',
        amount: 4900,
        amount_refunded: refunded,
        currency,
        refunded: refunded >= 4900,
        payment_intent: paymentIntent,
        billing_details: { email: 'buyer@example.com', name: 'Bea Buyer' },
      },
    },
  };
}

/** The body and Stripe-Signature header of a delivery, signed now (or at `timestamp`). */
export function signed(
  event: object | string,
  { secret = testWebhookSecret, timestamp }: { secret?: string; timestamp?: number } = {},
) {
  const payload = typeof event === 'string' ? event : JSON.stringify(event);
  const signature = Stripe.webhooks.generateTestHeaderString({
    payload,
    secret,
    ...(timestamp === undefined ? {} : { timestamp }),
  });
  return { payload, signature };
}

/** Request options for POSTing a signed delivery to /api/stripe/webhook. */
export function delivery({ payload, signature }: { payload: string; signature: string }) {
  return {
    method: 'POST',
    body: payload,
    headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signature },
  };
}
