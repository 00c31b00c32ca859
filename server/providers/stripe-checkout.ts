import Stripe from 'stripe';
import { ProviderError } from './provider-error';

/**
 * Our own Checkout Sessions for the workshop (docs/decisions/032-workshop-delivered.md, "Our own
 * Checkout Session"), made through the official `stripe` library: the price is `price_data` (no
 * Product or Price to keep in step with the content), one place per session, and the seat's hold
 * id as the idempotency key, so a retry of the same click can never make a second session.
 */

/** What the workshop asks of a Checkout Session: the few fields we set, in our own words. */
export interface CheckoutSessionParams {
  /** In the currency's smallest unit (pence). */
  amount: number;
  currency: 'gbp';
  /** What the buyer sees on Stripe's page and receipt. */
  productName: string;
  /** Our signed reference of the click (server/features/sales/reference.ts). */
  reference: string;
  /** Stripe's limits: at most 50 keys of up to 40 characters, values up to 500. */
  metadata: Record<string, string>;
  /**
   * Unix seconds. Stripe refuses less than 30 minutes after it receives the call, so a value
   * closer than `minimumLifetimeSeconds` is sent as that (the answer's `expiresAt` says so).
   */
  expiresAt: number;
  customerEmail?: string;
  allowPromotionCodes: boolean;
  /** May hold `{CHECKOUT_SESSION_ID}`, which Stripe fills in. */
  successUrl: string;
  cancelUrl: string;
}

/** A Checkout Session as made: where to send the buyer, and until when it can be paid. */
export interface CheckoutSessionMade {
  id: string;
  url: string;
  /** Unix seconds, as Stripe set it. */
  expiresAt: number;
}

/** A Checkout Session as Stripe holds it now. */
export interface CheckoutSessionState {
  id: string;
  status: 'open' | 'complete' | 'expired';
  paymentStatus: 'paid' | 'unpaid' | 'no_payment_required';
  url: string | null;
  expiresAt: number;
  amountTotal: number | null;
  currency: string | null;
  metadata: Record<string, string>;
}

export interface CheckoutSessions {
  /** Makes a session; the same key answers the same session (Stripe keeps keys 24 hours). */
  create(params: CheckoutSessionParams, idempotencyKey: string): Promise<CheckoutSessionMade>;
  /** Ends an open session so that it can no longer be paid; one already over is left as it is. */
  expire(id: string): Promise<void>;
  retrieve(id: string): Promise<CheckoutSessionState>;
}

export interface CheckoutSessionsOptions {
  /** sk_… or rk_…; never logged, never in an error. */
  secretKey: string;
  /** STRIPE_API_URL: a stand-in's origin in tests and local runs; unset, Stripe itself. */
  apiUrl?: string;
  /**
   * The longest a visitor waits on one call, retry included: each of the two attempts gets half
   * (a time-out is retried by the library like any connection failure).
   */
  timeoutMs?: number;
}

/** A visitor who clicked waits at most this long for Stripe before the "try again" page. */
export const checkoutTimeoutMs = 10_000;
/** One retry: a 5xx, a 409 or a dropped connection is often gone a moment later. */
const networkRetries = 1;
/** Stripe's shortest `expires_at` is 30 minutes after creation; a minute covers latency and skew. */
export const minimumLifetimeSeconds = 31 * 60;

export function createCheckoutSessions({
  secretKey,
  apiUrl,
  timeoutMs = checkoutTimeoutMs,
}: CheckoutSessionsOptions): CheckoutSessions {
  const stripe = new Stripe(secretKey, {
    ...apiOrigin(apiUrl),
    timeout: Math.max(1, Math.floor(timeoutMs / (networkRetries + 1))),
    maxNetworkRetries: networkRetries,
    // Stripe's latency metrics on later calls: nothing we need, so nothing sent.
    telemetry: false,
  });
  const sessions = stripe.checkout.sessions;
  const retrieve = async (id: string) =>
    stateOf(await call('read a Checkout Session', () => sessions.retrieve(id)));

  return {
    async create(params, idempotencyKey) {
      const made = await call('create a Checkout Session', () =>
        sessions.create(sessionCreateParams(params), { idempotencyKey }),
      );
      if (!made.url) throw new ProviderError('Stripe made a Checkout Session with no URL');
      return { id: made.id, url: made.url, expiresAt: made.expires_at };
    },
    async expire(id) {
      try {
        await call('expire a Checkout Session', () => sessions.expire(id));
      } catch (error) {
        // Stripe refuses to expire a session that is no longer open (paid, or expired already):
        // what the caller wanted is true, so it is done, not failed.
        if (!(error instanceof CheckoutError && error.reason === 'refused')) throw error;
        if ((await retrieve(id)).status === 'open') throw error;
      }
    },
    retrieve,
  };
}

/** Our parameters in Stripe's words. */
export function sessionCreateParams(
  params: CheckoutSessionParams,
  nowSeconds = Math.floor(Date.now() / 1000),
): Stripe.Checkout.SessionCreateParams {
  return {
    mode: 'payment',
    line_items: [
      {
        price_data: {
          currency: params.currency,
          unit_amount: params.amount,
          product_data: { name: params.productName },
        },
        quantity: 1,
      },
    ],
    client_reference_id: params.reference,
    metadata: params.metadata,
    expires_at: Math.max(params.expiresAt, nowSeconds + minimumLifetimeSeconds),
    ...(params.customerEmail ? { customer_email: params.customerEmail } : {}),
    allow_promotion_codes: params.allowPromotionCodes,
    success_url: params.successUrl,
    cancel_url: params.cancelUrl,
  };
}

/** The library's host, port and protocol settings from STRIPE_API_URL (an origin, no path). */
function apiOrigin(
  apiUrl: string | undefined,
): Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol'> {
  if (!apiUrl) return {};
  const url = new URL(apiUrl);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error('STRIPE_API_URL: an http:// or https:// origin');
  }
  if (url.pathname !== '/' || url.search || url.hash) {
    // The library's paths are absolute (/v1/…): a path here would be silently dropped.
    throw new Error('STRIPE_API_URL: an origin only (scheme, host and port), no path');
  }
  const protocol = url.protocol === 'https:' ? 'https' : 'http';
  return {
    // node:http wants an IPv6 address without its URL brackets.
    host: url.hostname.replace(/^\[(.*)\]$/, '$1'),
    port: url.port || (protocol === 'https' ? 443 : 80),
    protocol,
  };
}

/** Why a call failed: Stripe not reached in time, not reached at all, or it said no. */
export type CheckoutFailure = 'timeout' | 'connection' | 'refused' | 'unavailable';

/**
 * A ProviderError that says which of those it was. Its message names the call, the status and
 * Stripe's error type, code and parameter, never Stripe's own words: they can quote the key's
 * tail or the buyer's address.
 */
export class CheckoutError extends ProviderError {
  override name = 'CheckoutError';
  constructor(
    readonly reason: CheckoutFailure,
    message: string,
    options: ConstructorParameters<typeof ProviderError>[1],
  ) {
    super(message, options);
  }
}

async function call<T>(what: string, request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (error) {
    throw checkoutError(what, error);
  }
}

function checkoutError(what: string, error: unknown): CheckoutError {
  if (error instanceof Stripe.errors.StripeConnectionError) {
    const timedOut = (error.detail as { code?: string } | undefined)?.code === 'ETIMEDOUT';
    return timedOut
      ? new CheckoutError('timeout', `Stripe did not answer in time to ${what}`, {})
      : new CheckoutError('connection', `Stripe could not be reached to ${what}`, {});
  }
  if (error instanceof Stripe.errors.StripeError) {
    const status = error.statusCode ?? 0;
    const said = [
      error.type,
      error.code && `code ${error.code}`,
      error.param && `param ${error.param}`,
    ]
      .filter(Boolean)
      .join(', ');
    if (status === 429) {
      return new CheckoutError('unavailable', `Stripe refused to ${what}: 429 (${said})`, {
        rateLimited: true,
      });
    }
    if (status >= 500 || status === 409 || status === 0) {
      return new CheckoutError('unavailable', `Stripe failed to ${what}: ${status} (${said})`, {});
    }
    return new CheckoutError('refused', `Stripe refused to ${what}: ${status} (${said})`, {
      permanent: true,
    });
  }
  return new CheckoutError('connection', `Stripe could not be reached to ${what}`, {});
}

function stateOf(session: Stripe.Checkout.Session): CheckoutSessionState {
  return {
    id: session.id,
    status: (session.status ?? 'open') as CheckoutSessionState['status'],
    paymentStatus: session.payment_status as CheckoutSessionState['paymentStatus'],
    url: session.url,
    expiresAt: session.expires_at,
    amountTotal: session.amount_total,
    currency: session.currency,
    metadata: session.metadata ?? {},
  };
}
