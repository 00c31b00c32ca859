import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCheckoutSessions } from '../providers/stripe-checkout';
import { type FakeStripe, startFakeStripe } from './fake-stripe';

const secretKey = 'sk_test_51StandInKeyForTheseTests000000';
const webhookSecret = 'whsec_fake_stripe_test_secret';

/** A webhook endpoint that checks each delivery as ours does, with the official library. */
interface Endpoint {
  url: string;
  events: Stripe.Event[];
  /** Answers 500 to the next `count` deliveries. */
  failNext(count: number): void;
  close(): Promise<void>;
}

async function startEndpoint(): Promise<Endpoint> {
  const events: Stripe.Event[] = [];
  let failing = 0;
  const server: Server = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    if (failing > 0) {
      failing--;
      response.writeHead(500).end();
      return;
    }
    try {
      const signature = String(request.headers['stripe-signature']);
      events.push(Stripe.webhooks.constructEvent(Buffer.concat(chunks), signature, webhookSecret));
      response.writeHead(200).end('{}');
    } catch {
      response.writeHead(400).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/stripe/webhook`,
    events,
    failNext: (count) => {
      failing = count;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

let endpoint: Endpoint;
let stripe: FakeStripe;
beforeEach(async () => {
  endpoint = await startEndpoint();
  stripe = await startFakeStripe({
    apiKey: secretKey,
    webhookUrl: endpoint.url,
    webhookSecret,
    webhookRetryMs: 10,
  });
});
afterEach(async () => {
  await stripe.stop();
  await endpoint.close();
});

async function openSession(options: { email?: string; promotionCodes?: boolean } = {}) {
  return createCheckoutSessions({ secretKey, apiUrl: stripe.url }).create(
    {
      amount: 4900,
      currency: 'gbp',
      productName: 'The workshop, 3 December 2026',
      reference: 'v1-reference',
      metadata: { workshop_session: 'december-2026', hold: 'hold_1' },
      expiresAt: Math.floor(Date.now() / 1000) + 45 * 60,
      customerEmail: options.email,
      allowPromotionCodes: options.promotionCodes ?? false,
      successUrl: 'http://localhost:3000/workshop/booked?checkout={CHECKOUT_SESSION_ID}',
      cancelUrl: 'http://localhost:3000/workshop',
    },
    `hold_${Math.random()}`,
  );
}

describe('the stand-in Stripe', () => {
  it("shows a form with the buyer's email, and paying it sends a signed checkout.session.completed", async () => {
    const made = await openSession({ email: 'bea@example.com' });
    const page = await fetch(made.url);
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html).toContain('<label for="email">Email</label>');
    expect(html).toContain('value="bea@example.com"');
    expect(html).toContain('Pay £49.00</button>');
    expect(html).not.toContain('promotion_code');

    const paid = await fetch(made.url, {
      method: 'POST',
      body: new URLSearchParams({ email: 'bea@example.com', name: 'Bea Buyer' }),
      redirect: 'manual',
    });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(
      `http://localhost:3000/workshop/booked?checkout=${made.id}`,
    );

    expect(endpoint.events).toHaveLength(1);
    const [event] = endpoint.events;
    expect(event?.type).toBe('checkout.session.completed');
    expect(event?.data.object).toMatchObject({
      id: made.id,
      status: 'complete',
      payment_status: 'paid',
      amount_total: 4900,
      currency: 'gbp',
      payment_intent: expect.stringMatching(/^pi_/),
      customer_details: { email: 'bea@example.com', name: 'Bea Buyer' },
      metadata: { workshop_session: 'december-2026', hold: 'hold_1' },
      client_reference_id: 'v1-reference',
    });
  });

  it('fixes the address a session was made with, as Stripe does: shown read-only, and paid with it', async () => {
    const made = await openSession({ email: 'bea@example.com' });
    expect(await (await fetch(made.url)).text()).toMatch(/value="bea@example.com" readonly/);
    const paid = await fetch(made.url, {
      method: 'POST',
      body: new URLSearchParams({ email: 'someone.else@example.com', name: 'Bea Buyer' }),
      redirect: 'manual',
    });
    expect(paid.status).toBe(303);
    expect(endpoint.events[0]?.data.object).toMatchObject({
      customer_details: { email: 'bea@example.com' },
    });
    const open = await openSession();
    expect(await (await fetch(open.url)).text()).not.toContain('readonly');
  });

  it('asks again for what is missing, and pays nothing until then', async () => {
    const made = await openSession();
    const answer = await fetch(made.url, {
      method: 'POST',
      body: new URLSearchParams({ email: 'bea@example.com', name: '' }),
    });
    expect(answer.status).toBe(400);
    expect(await answer.text()).toContain('role="alert">Enter your name.');
    expect(stripe.session(made.id).status).toBe('open');
    expect(endpoint.events).toHaveLength(0);
  });

  it('takes a promotion code when the session allows them, and says what it took off', async () => {
    const made = await openSession({ promotionCodes: true });
    expect(await (await fetch(made.url)).text()).toContain('Promotion code');
    await stripe.pay(made.id, { email: 'b@example.com', name: 'B', promotionCode: 'friend10' });
    expect(endpoint.events[0]?.data.object).toMatchObject({
      amount_subtotal: 4900,
      amount_total: 4410,
      total_details: { amount_discount: 490 },
    });
  });

  it('refunds in steps, each charge.refunded carrying the running total', async () => {
    const made = await openSession();
    await stripe.pay(made.id, { email: 'b@example.com', name: 'B' });
    await stripe.refund(made.id, 1000);
    await stripe.refund(made.id);
    const [completed, first, second] = endpoint.events;
    const paymentIntent = (completed?.data.object as Stripe.Checkout.Session | undefined)
      ?.payment_intent;
    expect(first?.data.object).toMatchObject({
      object: 'charge',
      id: expect.stringMatching(/^ch_/),
      payment_intent: paymentIntent,
      amount: 4900,
      amount_refunded: 1000,
      refunded: false,
    });
    expect(second?.data.object).toMatchObject({ amount_refunded: 4900, refunded: true });
    await expect(stripe.refund(made.id, 1)).rejects.toThrow(/left to refund/);
  });

  it('pays a mismatching amount or currency when a test says so', async () => {
    const made = await openSession();
    await stripe.pay(made.id, { email: 'b@example.com', name: 'B', amount: 100, currency: 'usd' });
    expect(endpoint.events[0]?.data.object).toMatchObject({ amount_total: 100, currency: 'usd' });
  });

  it('sends checkout.session.expired when a session is expired, and its page says so', async () => {
    const made = await openSession();
    await stripe.expire(made.id);
    expect(endpoint.events.map((event) => event.type)).toEqual(['checkout.session.expired']);
    expect(endpoint.events[0]?.data.object).toMatchObject({ id: made.id, status: 'expired' });
    expect(await (await fetch(made.url)).text()).toContain('This checkout has expired');
    await expect(stripe.pay(made.id, { email: 'b@example.com', name: 'B' })).rejects.toThrow(
      /expired/,
    );
  });

  it('sends checkout.session.expired when the API expires a session, as Stripe does', async () => {
    const made = await openSession();
    await createCheckoutSessions({ secretKey, apiUrl: stripe.url }).expire(made.id);
    await stripe.settled();
    expect(
      endpoint.events.map((event) => [event.type, (event.data.object as { id: string }).id]),
    ).toEqual([['checkout.session.expired', made.id]]);
  });

  it('expires a session once its time is past, and says so', async () => {
    let now = Date.now();
    await stripe.stop();
    stripe = await startFakeStripe({
      apiKey: secretKey,
      webhookUrl: endpoint.url,
      webhookSecret,
      now: () => now,
    });
    const made = await openSession();
    now += 45 * 60_000;
    const checkout = createCheckoutSessions({ secretKey, apiUrl: stripe.url });
    expect((await checkout.retrieve(made.id)).status).toBe('expired');
    await stripe.settled();
    expect(endpoint.events.map((event) => event.type)).toEqual(['checkout.session.expired']);
  });

  it('sends again while the endpoint fails, signing each attempt', async () => {
    const made = await openSession();
    endpoint.failNext(2);
    await stripe.pay(made.id, { email: 'b@example.com', name: 'B' });
    expect(endpoint.events).toHaveLength(1);
    expect(stripe.deliveries()).toEqual([
      expect.objectContaining({ type: 'checkout.session.completed', status: 200, attempts: 3 }),
    ]);
  });

  it('refuses a call without the key, and a parameter it does not know', async () => {
    const noKey = await fetch(`${stripe.url}/v1/checkout/sessions`, { method: 'POST' });
    expect(noKey.status).toBe(401);
    const unknown = await fetch(`${stripe.url}/v1/checkout/sessions`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${secretKey}`,
        'Content-Type': 'application/x-www-form-urlencoded',
      },
      body: 'mode=payment&line_itmes[0][quantity]=1',
    });
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toMatchObject({
      error: { type: 'invalid_request_error', code: 'parameter_unknown', param: 'line_itmes' },
    });
  });
});
