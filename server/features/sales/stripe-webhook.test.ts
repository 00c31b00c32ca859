import pino from 'pino';
import { expect, it } from 'vitest';
import type { Store } from '../../db/store';
import { subscribingKit } from '../../providers/fake-kit';
import type { Kit } from '../../providers/kit';
import type { OwnerMail } from '../../providers/owner-mail';
import { createTestApp } from '../../testing/app';
import { testSite } from '../../testing/site';
import { describeEachStore } from '../../testing/stores';
import {
  chargeRefundedEvent,
  checkoutSessionEvent,
  delivery,
  signed,
  testWebhookSecret,
  workshopSaleEvent,
} from '../../testing/stripe';
import { refundedOf } from './store';

const path = '/api/stripe/webhook';
const mail: OwnerMail = {
  notify: async () => {},
  digest: async () => {},
  report: async () => {},
  sale: async () => {},
};
const kit: Kit = subscribingKit();

async function count(
  store: Store,
  table: 'sales' | 'stripe_events' | 'sale_refunds' | 'outbox_jobs',
) {
  const row = await store.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

describeEachStore('POST /api/stripe/webhook', ({ store, database }) => {
  const app = (settings: Record<string, string> = {}) =>
    createTestApp(
      store(),
      {
        STRIPE_WEBHOOK_SECRET: testWebhookSecret,
        SMTP_URL: 'smtps://mail.example.com',
        NOTIFY_EMAIL: 'owner@example.com',
        KIT_API_KEY: 'kit-key',
        KIT_FORM_ID_BUYERS: '42',
        ...settings,
      },
      { kit, ownerMail: mail },
    );
  const deliver = (event: object | string, options?: Parameters<typeof signed>[1], to = app()) =>
    to.request(path, delivery(signed(event, options)));
  const sale = (id = 'cs_test_1') =>
    store().db.selectFrom('sales').selectAll().where('id', '=', id).executeTakeFirst();
  const jobs = () =>
    store().db.selectFrom('outbox_jobs').select(['kind', 'lead_id']).orderBy('kind').execute();

  it('records a completed checkout: amount, currency, product, reference, email, Stripe ids', async () => {
    const { reference, event } = workshopSaleEvent('localhost', { email: 'Bea@Example.com' });
    const response = await deliver(event);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ received: true });
    expect(await sale()).toMatchObject({
      id: 'cs_test_1',
      status: 'paid',
      amount: 4900,
      currency: 'gbp',
      product: 'plink_test_workshop',
      reference,
      click_day: '2026-11-25',
      host: 'localhost',
      path: '/assetworkshop',
      source: 'Instagram',
      email: 'bea@example.com',
      payment_intent: 'pi_test_1',
      payment_link: 'plink_test_workshop',
      livemode: 0,
    });
    // The event is kept for the owner's records: what the sale reads of it, not the buyer.
    const stored = await store()
      .db.selectFrom('stripe_events')
      .selectAll()
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ id: event.id, type: event.type, object_id: 'cs_test_1' });
    expect(JSON.parse(stored.payload ?? '')).toEqual({
      id: event.id,
      type: event.type,
      created: event.created,
      livemode: false,
      data: {
        object: {
          id: 'cs_test_1',
          object: 'checkout.session',
          created: event.data.object.created,
          livemode: false,
          mode: 'payment',
          status: 'complete',
          payment_status: 'paid',
          amount_total: 4900,
          amount_subtotal: 4900,
          currency: 'gbp',
          client_reference_id: reference,
          payment_intent: 'pi_test_1',
          payment_link: 'plink_test_workshop',
          metadata: {},
        },
      },
    });
    expect(stored.payload?.toLowerCase()).not.toContain('bea');
    // The owner's email, and the buyers' list for a buyer on none of ours.
    expect(await jobs()).toEqual([
      { kind: 'kit-buyer', lead_id: 'cs_test_1' },
      { kind: 'owner-sale', lead_id: 'cs_test_1' },
    ]);
  });

  it('keeps a reference it did not make, unattributed, and a buyer already subscribed off the buyers list', async () => {
    await store()
      .db.insertInto('subscribers')
      .values({
        id: 's1',
        created_at: new Date().toISOString(),
        list: 'newsletter',
        email: 'buyer@example.com',
        first_name: null,
        source: null,
        page: null,
        utm_source: null,
        utm_medium: null,
        utm_campaign: null,
        utm_term: null,
        utm_content: null,
        ip_hash: 'x',
        host: null,
        referral_code: null,
        referred_by: null,
        verified: 1,
      })
      .execute();
    await deliver(
      checkoutSessionEvent('checkout.session.completed', { reference: 'someone-else_1' }),
    );
    expect(await sale()).toMatchObject({ reference: 'someone-else_1', source: null, path: null });
    expect(await jobs()).toEqual([{ kind: 'owner-sale', lead_id: 'cs_test_1' }]);
  });

  it('queues no owner email when OWNER_SALE_EMAIL=off, and no list without KIT_FORM_ID_BUYERS', async () => {
    const quiet = app({ OWNER_SALE_EMAIL: 'off', KIT_FORM_ID_BUYERS: '' });
    await deliver(checkoutSessionEvent('checkout.session.completed'), undefined, quiet);
    expect(await count(store(), 'sales')).toBe(1);
    expect(await jobs()).toEqual([]);
  });

  it('records a sale once however many times an event is delivered', async () => {
    const event = checkoutSessionEvent('checkout.session.completed');
    for (let i = 0; i < 3; i++) expect((await deliver(event)).status).toBe(200);
    // The same session in another event (Stripe does not resend with a new id, but a second
    // event about one session must not count twice either).
    await deliver(checkoutSessionEvent('checkout.session.completed'));
    expect(await count(store(), 'sales')).toBe(1);
    expect(await count(store(), 'stripe_events')).toBe(2);
    expect(await count(store(), 'outbox_jobs')).toBe(2);
  });

  it('records exactly one sale from 1,000 concurrent deliveries of one event', async () => {
    const to = app();
    const signedEvent = signed(checkoutSessionEvent('checkout.session.completed'));
    const answers = await Promise.all(
      Array.from({ length: 1000 }, () => to.request(path, delivery(signedEvent))),
    );
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    expect(await count(store(), 'sales')).toBe(1);
    expect(await count(store(), 'stripe_events')).toBe(1);
    expect(await count(store(), 'outbox_jobs')).toBe(2);
  }, 60_000);

  it('announces a sale once when its events race each other on two instances', async () => {
    const other = await database().open();
    try {
      const apps = [
        app(),
        createTestApp(
          other,
          {
            STRIPE_WEBHOOK_SECRET: testWebhookSecret,
            SMTP_URL: 'smtps://mail.example.com',
            NOTIFY_EMAIL: 'owner@example.com',
          },
          { kit, ownerMail: mail },
        ),
      ];
      const completed = signed(
        checkoutSessionEvent('checkout.session.completed', { paymentStatus: 'unpaid' }),
      );
      const succeeded = signed(checkoutSessionEvent('checkout.session.async_payment_succeeded'));
      const answers = await Promise.all(
        Array.from({ length: 400 }, (_, i) =>
          apps[i % 2]?.request(path, delivery(i % 4 < 2 ? completed : succeeded)),
        ),
      );
      expect(answers.every((answer) => answer?.status === 200)).toBe(true);
    } finally {
      await other.close();
    }
    expect(await sale()).toMatchObject({ status: 'paid' });
    expect(await count(store(), 'stripe_events')).toBe(2);
    expect((await jobs()).filter((job) => job.kind === 'owner-sale')).toHaveLength(1);
  }, 60_000);

  it('settles a delayed payment: completed unpaid, then async_payment_succeeded', async () => {
    await deliver(checkoutSessionEvent('checkout.session.completed', { paymentStatus: 'unpaid' }));
    expect(await sale()).toMatchObject({ status: 'pending' });
    expect(await jobs()).toEqual([]); // Not paid yet: nothing to announce.
    await deliver(checkoutSessionEvent('checkout.session.async_payment_succeeded'));
    expect(await sale()).toMatchObject({ status: 'paid' });
    expect(await count(store(), 'outbox_jobs')).toBe(2);
  });

  it('settles the same when async_payment_succeeded arrives before completed', async () => {
    await deliver(checkoutSessionEvent('checkout.session.async_payment_succeeded'));
    await deliver(checkoutSessionEvent('checkout.session.completed', { paymentStatus: 'unpaid' }));
    expect(await sale()).toMatchObject({ status: 'paid' });
    expect(await count(store(), 'sales')).toBe(1);
    expect(await count(store(), 'outbox_jobs')).toBe(2);
  });

  it('records a failed delayed payment, in either order, and announces nothing', async () => {
    await deliver(
      checkoutSessionEvent('checkout.session.async_payment_failed', { session: 'cs_a' }),
    );
    await deliver(
      checkoutSessionEvent('checkout.session.completed', {
        session: 'cs_a',
        paymentStatus: 'unpaid',
      }),
    );
    await deliver(
      checkoutSessionEvent('checkout.session.completed', {
        session: 'cs_b',
        paymentStatus: 'unpaid',
      }),
    );
    await deliver(
      checkoutSessionEvent('checkout.session.async_payment_failed', { session: 'cs_b' }),
    );
    expect((await sale('cs_a'))?.status).toBe('failed');
    expect((await sale('cs_b'))?.status).toBe('failed');
    expect(await jobs()).toEqual([]);
  });

  it('nets a refund, partial then full, whatever order the refunds and the sale arrive in', async () => {
    // The refund first: kept, so that the sale that follows nets out.
    await deliver(chargeRefundedEvent({ refunded: 4900 }));
    await deliver(chargeRefundedEvent({ refunded: 1000 })); // an older running total, late
    expect(await refundedOf(store(), 'pi_test_1')).toBe(4900);
    await deliver(checkoutSessionEvent('checkout.session.completed'));
    expect(await count(store(), 'sales')).toBe(1);
    expect(await count(store(), 'sale_refunds')).toBe(1);
    expect(await refundedOf(store(), 'pi_test_1')).toBe(4900);

    await deliver(checkoutSessionEvent('checkout.session.completed', { session: 'cs_test_2' }));
    await deliver(
      chargeRefundedEvent({ charge: 'ch_2', paymentIntent: 'pi_test_2', refunded: 900 }),
    );
    expect(await refundedOf(store(), 'pi_test_2')).toBe(900);
  });

  it('records a currency other than GBP as it is', async () => {
    await deliver(
      checkoutSessionEvent('checkout.session.completed', { currency: 'usd', amount: 6100 }),
    );
    expect(await sale()).toMatchObject({ amount: 6100, currency: 'usd' });
  });

  it('acknowledges a checkout that is not a payment (a subscription, a saved card), storing nothing', async () => {
    const event = checkoutSessionEvent('checkout.session.completed');
    const setup = {
      ...event,
      data: { object: { ...event.data.object, mode: 'setup', amount_total: null, currency: null } },
    };
    expect((await deliver(setup)).status).toBe(200);
    expect(await count(store(), 'stripe_events')).toBe(0);
  });

  it('acknowledges an event type it does not record, and stores nothing', async () => {
    const response = await deliver({
      ...checkoutSessionEvent('checkout.session.completed'),
      type: 'payment_intent.succeeded',
    });
    expect(response.status).toBe(200);
    expect(await count(store(), 'stripe_events')).toBe(0);
    expect(await count(store(), 'sales')).toBe(0);
  });

  it('refuses, storing nothing: a wrong secret, an old timestamp, a body changed after signing, no signature', async () => {
    const event = checkoutSessionEvent('checkout.session.completed');
    expect((await deliver(event, { secret: 'whsec_someone_else' })).status).toBe(400);
    const tenMinutesAgo = Math.floor(Date.now() / 1000) - 600;
    expect((await deliver(event, { timestamp: tenMinutesAgo })).status).toBe(400);
    const { payload, signature } = signed(event);
    const changed = payload.replace('"amount_total":4900', '"amount_total":1');
    expect(changed).not.toBe(payload);
    expect((await app().request(path, delivery({ payload: changed, signature }))).status).toBe(400);
    const unsigned = await app().request(path, {
      method: 'POST',
      body: payload,
      headers: { 'Content-Type': 'application/json' },
    });
    expect(unsigned.status).toBe(400);
    expect((await app().request(path, delivery({ payload, signature: 'nonsense' }))).status).toBe(
      400,
    );
    expect(await count(store(), 'stripe_events')).toBe(0);
    expect(await count(store(), 'sales')).toBe(0);
  });

  it('refuses a signed event whose amount is not a whole number of pence, and malformed JSON', async () => {
    const event = checkoutSessionEvent('checkout.session.completed');
    event.data.object.amount_total = 49.5;
    expect((await deliver(event)).status).toBe(400);
    expect((await deliver('{"id": "evt_1", ')).status).toBe(400);
    expect((await deliver('[]')).status).toBe(400);
    expect(await count(store(), 'stripe_events')).toBe(0);
  });

  it('refuses a body over its size limit before reading it', async () => {
    const big = JSON.stringify({ id: 'evt_big', padding: 'x'.repeat(600 * 1024) });
    const response = await deliver(big);
    expect(response.status).toBe(413);
    expect(await count(store(), 'stripe_events')).toBe(0);
  });

  it('logs each event without the buyer, as the checkout redirect logs no address', async () => {
    const lines: string[] = [];
    const logger = pino({ level: 'trace' }, { write: (line: string) => lines.push(line) });
    const logged = createTestApp(
      store(),
      { STRIPE_WEBHOOK_SECRET: testWebhookSecret },
      { kit: null, ownerMail: null },
      logger,
      testSite({
        sales: {
          workshopSessions: [
            {
              id: 'far-ahead',
              start: '2999-01-01T18:00:00Z',
              price: { amount: 49, currency: 'GBP' },
              seats: 40,
              checkout: 'https://buy.stripe.com/test_x',
            },
          ],
          pageCheckouts: new Map(),
        },
      }),
    );
    const event = checkoutSessionEvent('checkout.session.completed', {
      email: 'zebedee.quux@example.com',
    });
    await deliver(event, undefined, logged);
    await deliver(event, { secret: 'whsec_other' }, logged);
    const odd = checkoutSessionEvent('checkout.session.completed', {
      email: 'zebedee.quux@example.com',
    });
    odd.data.object.amount_total = 1.5;
    await deliver(odd, undefined, logged);
    await logged.request(
      'http://localhost/go/workshop?prefilled_email=zebedee.quux%40example.com',
      {
        headers: { 'User-Agent': 'Mozilla/5.0 Chrome/131.0' },
      },
    );
    const log = lines.join('');
    expect(log).toContain('stripe event');
    expect(log).toContain('signature refused');
    expect(log).toContain('not understood');
    expect(log).not.toMatch(/zebedee|quux/i);
  });

  it('is not there without STRIPE_WEBHOOK_SECRET', async () => {
    const response = await deliver(
      checkoutSessionEvent('checkout.session.completed'),
      undefined,
      app({ STRIPE_WEBHOOK_SECRET: '' }),
    );
    expect(response.status).toBe(404);
    expect(await count(store(), 'stripe_events')).toBe(0);
  });
});
