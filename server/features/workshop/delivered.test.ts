import { afterEach, expect, it } from 'vitest';
import { createTestApp } from '../../testing/app';
import { describeEachStore } from '../../testing/stores';
import { testWebhookSecret } from '../../testing/stripe';
import {
  type AppWithStandInStripe,
  appWithStandInStripe,
  clickCheckout,
  ownCheckoutSettings,
  soldSession,
  workshopSite,
} from '../../testing/workshop-checkout';
import { seatsTaken } from './seats';

/**
 * A seat's whole life through the app, with the stand-in Stripe sending its signed events to the
 * app's own webhook: a click holds it, paying makes the attendee and takes it, a refund in full
 * gives it back; a checkout left to expire gives it back too.
 */
const session = soldSession(
  'december-2026',
  new Date(Date.now() + 10 * 86_400_000).toISOString(),
  2,
);

describeEachStore('a seat, from the click to the refund', ({ store }) => {
  let running: AppWithStandInStripe | undefined;
  afterEach(() => running?.stop());

  /** The app listening, with the stand-in posting its events to the app's webhook. */
  async function start() {
    running = await appWithStandInStripe((stripe) =>
      createTestApp(
        store(),
        { STRIPE_WEBHOOK_SECRET: testWebhookSecret, ...ownCheckoutSettings(stripe.url) },
        undefined,
        undefined,
        workshopSite([session]),
      ),
    );
    return running;
  }
  const seats = async () => (await seatsTaken(store(), new Date().toISOString()))[session.id];
  const madeId = (location: string | null) => location?.split('/').at(-1) ?? '';

  it('holds it on the click, takes it when paid, and gives it back on a full refund', async () => {
    const { app, stripe } = await start();
    const click = await clickCheckout(app, '192.0.2.1');
    const id = madeId(click.headers.get('location'));
    expect(await seats()).toEqual({ sold: 0, held: 1, cancelled: false });
    const { redirect } = await stripe.pay(id, { email: 'ada@example.com', name: 'Ada Lovelace' });
    await stripe.settled();
    expect(redirect).toBe(`http://localhost/assetworkshop/booked?checkout=${id}`);
    expect(await seats()).toEqual({ sold: 1, held: 0, cancelled: false });
    const attendee = await store()
      .db.selectFrom('workshop_attendees')
      .selectAll()
      .executeTakeFirstOrThrow();
    expect(attendee).toMatchObject({
      id,
      session_id: session.id,
      status: 'confirmed',
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      amount: 4900,
      mismatch: 0,
      path: '/assetworkshop',
      source: 'Instagram',
    });

    await stripe.refund(id, 1000);
    await stripe.settled();
    expect(await seats()).toEqual({ sold: 1, held: 0, cancelled: false });
    await stripe.refund(id);
    await stripe.settled();
    expect(await seats()).toEqual({ sold: 0, held: 0, cancelled: false });
    const refunded = await store()
      .db.selectFrom('workshop_attendees')
      .select('status')
      .executeTakeFirstOrThrow();
    expect(refunded.status).toBe('refunded');
    // The seat is for sale again.
    expect(madeId((await clickCheckout(app, '192.0.2.2')).headers.get('location'))).toMatch(
      /^cs_test_/,
    );
  });

  it('gives it back when the checkout expires unpaid', async () => {
    const { app, stripe } = await start();
    const id = madeId((await clickCheckout(app, '192.0.2.1')).headers.get('location'));
    await clickCheckout(app, '192.0.2.2');
    const full = await clickCheckout(app, '192.0.2.3');
    expect(full.headers.get('location')).toBe('/assetworkshop/sold-out');
    await stripe.expire(id);
    await stripe.settled();
    expect(await seats()).toEqual({ sold: 0, held: 1, cancelled: false });
    expect((await clickCheckout(app, '192.0.2.3')).headers.get('location')).toMatch(
      /\/c\/pay\/cs_test_/,
    );
  });
});
