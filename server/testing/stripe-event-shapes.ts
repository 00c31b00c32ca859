import Stripe from 'stripe';

/**
 * Stripe's webhook deliveries, made and signed here with the official library's test helper
 * (no network): the events' shapes follow Stripe's API reference, trimmed to what matters. They
 * import nothing of the app, so the stand-in Stripe (fake-stripe.ts) sends the same shapes in a
 * local run as the tests sign.
 */

export const testWebhookSecret = 'whsec_test_secret_for_local_signing';

let counter = 0;
const unique = () => `${Date.now().toString(36)}${(counter++).toString(36)}`;
const nowSeconds = () => Math.floor(Date.now() / 1000);

/** The envelope Stripe wraps each object in, with a fresh event id unless one is given. */
export function stripeEvent<T extends object>(
  type: string,
  object: T,
  { eventId = `evt_${unique()}`, livemode = false }: { eventId?: string; livemode?: boolean } = {},
) {
  return {
    id: eventId,
    object: 'event' as const,
    api_version: Stripe.API_VERSION,
    created: nowSeconds(),
    livemode,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object },
  };
}

export interface SessionOptions {
  session?: string;
  reference?: string | null;
  email?: string | null;
  /** The buyer's name as Stripe's page collected it. */
  name?: string;
  amount?: number;
  currency?: string;
  paymentStatus?: 'paid' | 'unpaid' | 'no_payment_required';
  paymentIntent?: string | null;
  /** Unix seconds. */
  created?: number;
  livemode?: boolean;
  /** Our own Checkout Sessions carry the workshop session, page, source, variant and hold. */
  metadata?: Record<string, string>;
  /** A session of a Payment Link names it; our own Checkout Sessions have none. */
  paymentLink?: string | null;
  /** What a promotion code took off `amount`, the price (the total is then amount − discount). */
  promotionDiscount?: number;
}

export type CheckoutSessionEventType =
  | 'checkout.session.completed'
  | 'checkout.session.async_payment_succeeded'
  | 'checkout.session.async_payment_failed'
  | 'checkout.session.expired';

/** A checkout.session.* event, with a fresh event id unless one is given. */
export function checkoutSessionEvent(
  type: CheckoutSessionEventType,
  options: SessionOptions = {},
  eventId?: string,
) {
  const session = options.session ?? 'cs_test_1';
  const expired = type === 'checkout.session.expired';
  return stripeEvent(
    type,
    {
      id: session,
      object: 'checkout.session',
      created: options.created ?? nowSeconds(),
      livemode: options.livemode ?? false,
      mode: 'payment',
      amount_subtotal: options.amount ?? 4900,
      amount_total: (options.amount ?? 4900) - (options.promotionDiscount ?? 0),
      // Stripe always sends these; here only with a discount, which is what they are read for.
      ...(options.promotionDiscount === undefined
        ? {}
        : {
            total_details: {
              amount_discount: options.promotionDiscount,
              amount_shipping: 0,
              amount_tax: 0,
            },
            discounts: [{ coupon: 'coupon_friends', promotion_code: 'promo_test_friends' }],
          }),
      currency: options.currency ?? 'gbp',
      client_reference_id: options.reference === undefined ? null : options.reference,
      customer: null,
      customer_email: null,
      customer_details:
        options.email === null || (expired && options.email === undefined)
          ? null
          : { email: options.email ?? 'buyer@example.com', name: options.name ?? 'Bea Buyer' },
      payment_intent: expired
        ? null
        : options.paymentIntent === undefined
          ? `pi_${session.slice(3)}`
          : options.paymentIntent,
      payment_link: options.paymentLink === undefined ? 'plink_test_workshop' : options.paymentLink,
      payment_status: options.paymentStatus ?? (expired ? 'unpaid' : 'paid'),
      status: expired ? 'expired' : 'complete',
      metadata: options.metadata ?? {},
    },
    { eventId, livemode: options.livemode },
  );
}

export interface RefundOptions {
  charge?: string;
  paymentIntent?: string;
  /** The charge's running total refunded, as Stripe sends it. */
  refunded?: number;
  /** What was charged. */
  amount?: number;
  currency?: string;
  livemode?: boolean;
}

/** A charge.refunded event: `refunded` is the charge's running total, as Stripe sends it. */
export function chargeRefundedEvent(
  {
    charge = 'ch_test_1',
    paymentIntent = 'pi_test_1',
    refunded = 4900,
    amount = 4900,
    currency = 'gbp',
    livemode = false,
  }: RefundOptions = {},
  eventId?: string,
) {
  return stripeEvent(
    'charge.refunded',
    {
      id: charge,
      object: 'charge',
      amount,
      amount_refunded: refunded,
      currency,
      livemode,
      refunded: refunded >= amount,
      payment_intent: paymentIntent,
      billing_details: { email: 'buyer@example.com', name: 'Bea Buyer' },
    },
    { eventId, livemode },
  );
}

export interface DisputeOptions {
  dispute?: string;
  charge?: string;
  paymentIntent?: string | null;
  /** Stripe's status: needs_response when opened; won, lost or warning_closed when closed. */
  status?: string;
  amount?: number;
  currency?: string;
  livemode?: boolean;
}

/**
 * A charge.dispute.created or charge.dispute.closed event: the buyer's bank disputes the charge,
 * then the dispute ends won or lost. Its evidence names the buyer (Stripe fills it from the
 * charge), as Stripe's does.
 */
export function chargeDisputeEvent(
  type: 'charge.dispute.created' | 'charge.dispute.closed',
  {
    dispute = 'dp_test_1',
    charge = 'ch_test_1',
    paymentIntent = 'pi_test_1',
    status = type === 'charge.dispute.created' ? 'needs_response' : 'lost',
    amount = 4900,
    currency = 'gbp',
    livemode = false,
  }: DisputeOptions = {},
  eventId?: string,
) {
  return stripeEvent(
    type,
    {
      id: dispute,
      object: 'dispute',
      amount,
      currency,
      charge,
      payment_intent: paymentIntent,
      created: nowSeconds(),
      livemode,
      reason: 'fraudulent',
      status,
      is_charge_refundable: false,
      evidence: { customer_email_address: 'buyer@example.com', customer_name: 'Bea Buyer' },
      metadata: {},
    },
    { eventId, livemode },
  );
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
