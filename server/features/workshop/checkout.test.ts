import { Hono } from 'hono';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { siteOrigins } from '../../../contracts/sites';
import { namedHosts, parseEnv } from '../../env';
import { forwardedClient } from '../../http/forwarded';
import { pageOrigins } from '../../http/same-origin';
import { createLogger } from '../../logger';
import { CheckoutError } from '../../providers/stripe-checkout';
import { createTestApp, testIpHashKey } from '../../testing/app';
import { type FakeStripe, startFakeStripe } from '../../testing/fake-stripe';
import { describeEachStore } from '../../testing/stores';
import { testReferences, testWebhookSecret } from '../../testing/stripe';
import {
  clickCheckout,
  ownCheckoutSettings,
  soldSession,
  standInStripeKey,
  workshopSite,
} from '../../testing/workshop-checkout';
import { type CheckoutSessions, holdMarginMs, openingMs, workshopCheckout } from './checkout';
import { holdSeat, seatsTaken } from './seats';
import { cancelSession, ensureSession } from './sessions';

const day = 86_400_000;
const december = soldSession('december-2026', new Date(Date.now() + 10 * day).toISOString(), 3);
const february = soldSession('february-2027', new Date(Date.now() + 70 * day).toISOString(), 20);
const site = workshopSite([february, december]);

let stripe: FakeStripe;
beforeEach(async () => {
  stripe = await startFakeStripe({ apiKey: standInStripeKey, webhookSecret: testWebhookSecret });
});
afterEach(async () => {
  await stripe.stop();
});

describeEachStore('/go/workshop with our own Checkout Sessions', ({ store }) => {
  const app = (settings: Record<string, string> = {}) =>
    createTestApp(
      store(),
      { ...ownCheckoutSettings(stripe.url), ...settings },
      undefined,
      undefined,
      site,
    );
  const holds = () =>
    store().db.selectFrom('workshop_holds').selectAll().orderBy('created_at').execute();
  const held = async () =>
    (await seatsTaken(store(), new Date().toISOString()))[december.id]?.held ?? 0;

  it('holds a seat and answers 303 to a Checkout Session made for it, priced, named and signed', async () => {
    const before = Date.now();
    const response = await clickCheckout(app(), '192.0.2.1', '?prefilled_email=Ada%40example.com');
    expect(response.status).toBe(303);
    const [made] = stripe.sessions();
    expect(response.headers.get('location')).toBe(made?.url);
    const [hold] = await holds();
    expect(hold).toMatchObject({
      session_id: december.id,
      status: 'open',
      checkout_session: made?.id,
      amount: 4900,
      currency: 'gbp',
    });
    expect(stripe.calls()).toEqual([
      expect.objectContaining({ method: 'POST', idempotencyKey: hold?.id, answer: 200 }),
    ]);
    expect(made).toMatchObject({
      mode: 'payment',
      currency: 'gbp',
      amount_total: 4900,
      // The link's address is no buyer's: Stripe would show it fixed, so it is not passed on
      // (docs/decisions/034-selling-that-cannot-be-gamed.md).
      customer_email: null,
      allow_promotion_codes: false,
      success_url: 'http://localhost/assetworkshop/booked?checkout={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://localhost/assetworkshop?utm_source=ig',
      metadata: {
        workshop_session: december.id,
        start: december.start,
        page: '/assetworkshop',
        source: 'Instagram',
        hold: hold?.id,
      },
    });
    expect(testReferences.read(made?.client_reference_id)).toMatchObject({
      path: '/assetworkshop',
      source: 'Instagram',
    });
    // Paid within half an hour (Stripe's shortest); the seat held a margin longer.
    const expiresAt = (made?.expires_at ?? 0) * 1000;
    expect(expiresAt).toBeGreaterThanOrEqual(before + 30 * 60_000);
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + 32 * 60_000);
    expect(hold?.expires_at).toBe(new Date(expiresAt + holdMarginMs).toISOString());
    // The click is counted as before.
    const clicks = await store().db.selectFrom('checkout_clicks').selectAll().execute();
    expect(clicks).toEqual([expect.objectContaining({ path: '/assetworkshop', clicks: 1 })]);
  });

  it('sells the session the button named, one of the page’s; otherwise the one on sale', async () => {
    await clickCheckout(app(), '192.0.2.1', `?session=${february.id}`);
    await clickCheckout(app(), '192.0.2.2', '?session=not-ours');
    await clickCheckout(app(), '192.0.2.3');
    await clickCheckout(app(), '192.0.2.4');
    expect((await holds()).map((hold) => hold.session_id)).toEqual([
      february.id,
      december.id,
      december.id,
      december.id,
    ]);
    // December full: a click without a session goes on to February.
    await clickCheckout(app(), '192.0.2.5');
    expect((await holds()).at(-1)?.session_id).toBe(february.id);
  });

  it('answers 303 to the sold-out page when the session named is full or cancelled, making no session', async () => {
    for (const client of ['192.0.2.1', '192.0.2.2', '192.0.2.3']) {
      await clickCheckout(app(), client, `?session=${december.id}`);
    }
    const full = await clickCheckout(app(), '192.0.2.4', `?session=${december.id}`);
    expect(full.status).toBe(303);
    expect(full.headers.get('location')).toBe('/assetworkshop/sold-out');
    await store().write(async (trx) => {
      const now = new Date().toISOString();
      await ensureSession(trx, february, now);
      await cancelSession(trx, february.id, now);
    });
    const cancelled = await clickCheckout(app(), '192.0.2.5', `?session=${february.id}`);
    expect(cancelled.headers.get('location')).toBe('/assetworkshop/sold-out');
    expect(stripe.sessions()).toHaveLength(3);
  });

  it('holds at most two seats for one address; the third click is told to try again', async () => {
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push(await clickCheckout(app(), '192.0.2.9'));
    expect(answers.map((answer) => answer.status)).toEqual([303, 303, 303]);
    expect(answers[2]?.headers.get('location')).toBe('/assetworkshop/try-again');
    expect(stripe.sessions()).toHaveLength(2);
    // An IPv6 client is its /48, however it rotates within it, through any of its 65,536 /64s
    // (docs/decisions/034-selling-that-cannot-be-gamed.md).
    const february6 = (address: string) => clickCheckout(app(), address, `?session=${february.id}`);
    await february6('2001:db8:1:1::1');
    await february6('2001:db8:1:1::2');
    const rotated = await february6('2001:db8:1:1:ffff::3');
    expect(rotated.headers.get('location')).toBe('/assetworkshop/try-again');
    const subnet = await february6('2001:db8:1:2::1');
    expect(subnet.headers.get('location')).toBe('/assetworkshop/try-again');
    const neighbour = await february6('2001:db8:100::1');
    expect(neighbour.headers.get('location')).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/c\/pay\//);
  });

  it('caps no one while every buyer arrives from a proxy it does not trust, which would make them one', async () => {
    // An https site with TRUST_PROXY unset: every click is the proxy's 127.0.0.1.
    const behind = app({ SITE_URL: 'https://localhost', TRUST_PROXY: '0' });
    const answers = [];
    for (const client of ['192.0.2.1', '192.0.2.2', '192.0.2.3']) {
      answers.push(await clickCheckout(behind, client, `?session=${december.id}`));
    }
    expect(answers.map((answer) => answer.headers.get('location'))).toEqual(
      stripe.sessions().map((made) => made.url),
    );
    expect(stripe.sessions()).toHaveLength(3);
    // The seats are still counted: the fourth is sold out, not capped.
    const fourth = await clickCheckout(behind, '192.0.2.4', `?session=${december.id}`);
    expect(fourth.headers.get('location')).toBe('/assetworkshop/sold-out');
  });

  it('gives the seat back at once when Stripe fails, and tells the visitor to try again', async () => {
    // The library tries twice.
    stripe.failNext(2, 'error');
    const failed = await clickCheckout(app(), '192.0.2.1');
    expect(failed.status).toBe(303);
    expect(failed.headers.get('location')).toBe('/assetworkshop/try-again');
    expect(await holds()).toEqual([expect.objectContaining({ status: 'released' })]);
    expect(await held()).toBe(0);
    // Stripe back: the same visitor's next click opens a checkout.
    const again = await clickCheckout(app(), '192.0.2.1');
    expect(again.headers.get('location')).toBe(stripe.sessions()[0]?.url);
  });

  it('without STRIPE_SECRET_KEY sends the visitor to the Payment Link as before, holding nothing', async () => {
    const linked = createTestApp(store(), { TRUST_PROXY: 'loopback' }, undefined, undefined, site);
    const response = await clickCheckout(linked, '192.0.2.1');
    expect(response.status).toBe(302);
    expect(new URL(response.headers.get('location') ?? '').origin).toBe('https://buy.stripe.com');
    expect(await holds()).toEqual([]);
  });

  it('sends a session priced in another currency to its Payment Link: our checkout sells in pounds', async () => {
    const dollars = { ...december, price: { amount: 59, currency: 'USD' as const } };
    const priced = createTestApp(
      store(),
      ownCheckoutSettings(stripe.url),
      undefined,
      undefined,
      workshopSite([dollars]),
    );
    expect((await clickCheckout(priced, '192.0.2.1')).status).toBe(302);
    expect(stripe.sessions()).toEqual([]);
  });
});

describeEachStore('the checkout when Stripe is slow', ({ store }) => {
  const env = parseEnv({ LOG_LEVEL: 'silent', SITE_URL: 'http://localhost' });
  const hosts = namedHosts(env);
  const clientOf = forwardedClient(env.TRUST_PROXY);
  /** Our checkout with `stripe` and a clock that `later` moves on. */
  const checkoutWith = (stripeCalls: CheckoutSessions, clock: { now: number }) => {
    const own = workshopCheckout({
      store: store(),
      logger: createLogger(env),
      stripe: stripeCalls,
      ipHashKey: testIpHashKey,
      clientOf,
      buyersApart: () => true,
      hosts,
      origins: siteOrigins(env.SITE_URL, hosts),
      originsOf: pageOrigins(env.SITE_URL, clientOf),
      words: () => ({ productName: 'The workshop', promotionCodes: false }),
      now: () => new Date(clock.now),
    });
    return new Hono().get('/go', async (c) => {
      const order = {
        session: december,
        click: { day: '2026-11-27', host: 'localhost', path: '/assetworkshop', source: 'Direct' },
        reference: 'v2-reference',
        email: null,
      };
      return (await own.open(c, order)) ?? c.text('Payment Link');
    });
  };

  it('gives the seat back at once after a time-out', async () => {
    const clock = { now: Date.now() };
    const timingOut: CheckoutSessions = {
      create: () => Promise.reject(new CheckoutError('timeout', 'Stripe did not answer', {})),
      expire: async () => {},
    };
    const answer = await checkoutWith(timingOut, clock).request('http://localhost/go');
    expect(answer.headers.get('location')).toBe('/assetworkshop/try-again');
    const taken = await seatsTaken(store(), new Date(clock.now).toISOString());
    expect(taken[december.id]).toEqual({ sold: 0, held: 0, cancelled: false });
  });

  it('expires a Checkout Session Stripe made after its hold had lapsed, and sells it to no one', async () => {
    const clock = { now: Date.now() };
    const expired: string[] = [];
    const late: CheckoutSessions = {
      async create() {
        // The seat's hold lapses, and another visitor holds the last seat meanwhile.
        clock.now += openingMs + 1;
        await holdSeat(store(), {
          session: { ...december, seats: 1 },
          holder: { client: 'someone else', network: 'their network' },
          now: new Date(clock.now).toISOString(),
          expiresAt: new Date(clock.now + 60_000).toISOString(),
        });
        return { id: 'cs_test_late', url: 'https://checkout.stripe.com/late', expiresAt: 0 };
      },
      async expire(id) {
        expired.push(id);
      },
    };
    const answer = await checkoutWith(late, clock).request('http://localhost/go');
    expect(answer.headers.get('location')).toBe('/assetworkshop/try-again');
    expect(expired).toEqual(['cs_test_late']);
  });
});
