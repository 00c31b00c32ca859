import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type FakeStripe, startFakeStripe } from '../testing/fake-stripe';
import { testWebhookSecret } from '../testing/stripe-event-shapes';
import { ProviderError } from './provider-error';
import {
  CheckoutError,
  type CheckoutSessionParams,
  createCheckoutSessions,
  minimumLifetimeSeconds,
} from './stripe-checkout';

const secretKey = 'sk_test_51FakeKeyForTheStandInOnly0123456789';
const nowSeconds = () => Math.floor(Date.now() / 1000);

const params = (overrides: Partial<CheckoutSessionParams> = {}): CheckoutSessionParams => ({
  amount: 4900,
  currency: 'gbp',
  productName: 'The Sellable Business workshop, 3 December 2026',
  reference: 'v1-Ab3dEf7h-reference',
  metadata: { workshop_session: 'december-2026', hold: 'hold_1', source: 'Instagram' },
  expiresAt: nowSeconds() + 40 * 60,
  customerEmail: 'buyer@example.com',
  allowPromotionCodes: true,
  successUrl: 'https://example.com/workshop/booked?checkout={CHECKOUT_SESSION_ID}',
  cancelUrl: 'https://example.com/workshop',
  ...overrides,
});

let stripe: FakeStripe;
beforeEach(async () => {
  stripe = await startFakeStripe({ apiKey: secretKey, webhookSecret: testWebhookSecret });
});
afterEach(() => stripe.stop());

const sessionsAt = (url: string, timeoutMs?: number) =>
  createCheckoutSessions({ secretKey, apiUrl: url, timeoutMs });

describe('createCheckoutSessions against the stand-in Stripe', () => {
  it('makes a hosted Checkout Session of one place at the price, and reads it back', async () => {
    const checkout = sessionsAt(stripe.url);
    const expiresAt = nowSeconds() + 40 * 60;
    const made = await checkout.create(params({ expiresAt }), 'hold_1');

    expect(made.id).toMatch(/^cs_test_/);
    expect(made.url).toBe(`${stripe.url}/c/pay/${made.id}`);
    expect(made.expiresAt).toBe(expiresAt);
    const [session] = stripe.sessions();
    expect(session).toMatchObject({
      id: made.id,
      mode: 'payment',
      status: 'open',
      amount_total: 4900,
      currency: 'gbp',
      client_reference_id: 'v1-Ab3dEf7h-reference',
      customer_email: 'buyer@example.com',
      allow_promotion_codes: true,
      metadata: { workshop_session: 'december-2026', hold: 'hold_1', source: 'Instagram' },
      success_url: 'https://example.com/workshop/booked?checkout={CHECKOUT_SESSION_ID}',
      cancel_url: 'https://example.com/workshop',
    });
    expect(await checkout.retrieve(made.id)).toEqual({
      id: made.id,
      status: 'open',
      paymentStatus: 'unpaid',
      url: made.url,
      expiresAt,
      amountTotal: 4900,
      currency: 'gbp',
      metadata: { workshop_session: 'december-2026', hold: 'hold_1', source: 'Instagram' },
    });
  });

  it('leaves the email and promotion codes out when the visitor gave none and the content allows none', async () => {
    await sessionsAt(stripe.url).create(
      params({ customerEmail: undefined, allowPromotionCodes: false }),
      'hold_2',
    );
    expect(stripe.sessions()[0]).toMatchObject({
      customer_email: null,
      allow_promotion_codes: false,
    });
  });

  it('sends an expiry too close for Stripe as its shortest, and says when the session ends', async () => {
    const before = nowSeconds();
    const made = await sessionsAt(stripe.url).create(params({ expiresAt: before + 30 * 60 }), 'h');
    expect(made.expiresAt).toBeGreaterThanOrEqual(before + minimumLifetimeSeconds);
    expect(made.expiresAt).toBeLessThanOrEqual(nowSeconds() + minimumLifetimeSeconds);
  });

  it('answers the same session to the same idempotency key, and a new one to another', async () => {
    const checkout = sessionsAt(stripe.url);
    const first = await checkout.create(params(), 'hold_same');
    const again = await checkout.create(params(), 'hold_same');
    const other = await checkout.create(params(), 'hold_other');

    expect(again).toEqual(first);
    expect(other.id).not.toBe(first.id);
    expect(stripe.sessions()).toHaveLength(2);
    expect(stripe.calls().map((call) => call.idempotencyKey)).toEqual([
      'hold_same',
      'hold_same',
      'hold_other',
    ]);
  });

  it('expires an open session, and takes one already over as done', async () => {
    const checkout = sessionsAt(stripe.url);
    const open = await checkout.create(params(), 'hold_a');
    await checkout.expire(open.id);
    expect((await checkout.retrieve(open.id)).status).toBe('expired');
    await expect(checkout.expire(open.id)).resolves.toBeUndefined();

    const paid = await checkout.create(params(), 'hold_b');
    await stripe.pay(paid.id, { email: 'buyer@example.com', name: 'Bea Buyer' });
    await expect(checkout.expire(paid.id)).resolves.toBeUndefined();
    expect((await checkout.retrieve(paid.id)).status).toBe('complete');
  });

  it('says Stripe refused when it did, with no key and no address in the message', async () => {
    const failure = await sessionsAt(stripe.url)
      .create(params({ customerEmail: 'not-an-address@' }), 'hold_bad')
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ProviderError);
    expect(failure).toMatchObject({ reason: 'refused', permanent: true });
    expect((failure as Error).message).toContain('customer_email');
    expect((failure as Error).message).not.toContain('not-an-address');
  });

  it('keeps the key out of the error when Stripe refuses it', async () => {
    const wrongKey = 'sk_test_51WrongKeyWrongKeyWrongKey9876';
    const failure = await createCheckoutSessions({ secretKey: wrongKey, apiUrl: stripe.url })
      .create(params(), 'hold_key')
      .catch((error: unknown) => error);
    expect(failure).toMatchObject({ reason: 'refused', permanent: true });
    const said = `${(failure as Error).message} ${(failure as Error).stack}`;
    expect(said).toContain('401');
    expect(said).not.toContain('9876');
    expect(said).not.toContain(wrongKey);
  });

  it('tries once more after a 500, and fails as a temporary error after two', async () => {
    const checkout = sessionsAt(stripe.url);
    stripe.failNext(1, 'error');
    await expect(checkout.create(params(), 'hold_retry')).resolves.toMatchObject({ id: /^cs_/ });

    stripe.failNext(2, 'error');
    const failure = await checkout.create(params(), 'hold_down').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(CheckoutError);
    expect(failure).toMatchObject({ reason: 'unavailable', permanent: false });
    expect((failure as Error).message).toContain('500');
  });

  it('gives up within its time-out when Stripe does not answer', async () => {
    const timeoutMs = 2_000;
    const checkout = sessionsAt(stripe.url, timeoutMs);
    stripe.failNext(2, 'timeout');
    const started = performance.now();
    const failure = await checkout.create(params(), 'hold_slow').catch((error: unknown) => error);
    const waited = performance.now() - started;

    expect(failure).toBeInstanceOf(CheckoutError);
    expect(failure).toMatchObject({ reason: 'timeout', permanent: false });
    // Two attempts of half the time-out each, and the library's half-second pause between them
    // (a whole time-out per attempt would take 4.5 s).
    expect(waited).toBeGreaterThanOrEqual(timeoutMs);
    expect(waited).toBeLessThan(timeoutMs + 500 + 1_000);
    expect(stripe.calls()).toHaveLength(2);
    expect(stripe.sessions()).toHaveLength(0);
  });

  it('says Stripe could not be reached when nothing listens', async () => {
    const url = stripe.url;
    await stripe.stop();
    const failure = await sessionsAt(url, 2_000)
      .create(params(), 'hold_gone')
      .catch((error: unknown) => error);
    expect(failure).toMatchObject({ reason: 'connection', permanent: false });
    stripe = await startFakeStripe({ apiKey: secretKey, webhookSecret: testWebhookSecret });
  });

  it('refuses a STRIPE_API_URL with a path, which the library would drop', () => {
    expect(() => createCheckoutSessions({ secretKey, apiUrl: 'http://127.0.0.1:1/api' })).toThrow(
      /STRIPE_API_URL/,
    );
  });
});
