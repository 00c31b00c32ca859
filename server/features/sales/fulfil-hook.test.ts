import { expect, it } from 'vitest';
import { describeEachStore } from '../../testing/stores';
import { chargeRefundedEvent, checkoutSessionEvent, testReferences } from '../../testing/stripe';
import { type FulfilmentFacts, recordStripeEvent } from './store';
import { readSaleEvent } from './stripe-events';

/**
 * The app's fulfilment hook (the workshop's, docs/decisions/032-workshop-delivered.md): called in
 * each event's transaction on its first delivery, with what the event says.
 */
describeEachStore('recordStripeEvent’s fulfilment hook', ({ store }) => {
  const heard: FulfilmentFacts[] = [];
  const record = (
    event: object,
    fulfil = async (_trx: unknown, facts: FulfilmentFacts) => {
      heard.push(facts);
      return [];
    },
  ) => {
    const parsed = readSaleEvent(JSON.stringify(event), event, testReferences.read);
    if (parsed.kind !== 'record') throw new Error(`${parsed.type} ignored`);
    return recordStripeEvent(store(), parsed.event, () => [], { fulfil });
  };
  const count = async (table: 'sales' | 'stripe_events') =>
    Number(
      (
        await store()
          .db.selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('hears a paid session once, with its metadata, its buyer’s cleaned name and the amount before discounts', async () => {
    heard.length = 0;
    const event = checkoutSessionEvent('checkout.session.completed', {
      name: ' Bea\u202e\n  Buyer\u0000 ',
      metadata: { workshop_session: 'december-2026', hold: 'h1' },
    });
    await record(event);
    await record(event);
    expect(heard).toEqual([
      {
        kind: 'checkout',
        sale: expect.objectContaining({ id: 'cs_test_1', status: 'paid', amount: 4900 }),
        checkout: {
          name: 'Bea Buyer',
          metadata: { workshop_session: 'december-2026', hold: 'h1' },
          amountSubtotal: 4900,
          // What a promotion code took off, which explains a lower total (workshop/payment-check.ts).
          amountDiscount: 0,
          promotionCode: false,
        },
        refunded: 0,
      },
    ]);
    // A name of any length is taken, and cut.
    await record(
      checkoutSessionEvent('checkout.session.completed', {
        session: 'cs_test_long',
        name: 'é'.repeat(5000),
      }),
    );
    const long = heard.at(-1);
    expect(long?.kind === 'checkout' && long.checkout.name).toBe('é'.repeat(200));
  });

  it('records an expiry without a sale, and tells the hook which session expired', async () => {
    heard.length = 0;
    const event = checkoutSessionEvent('checkout.session.expired', {
      session: 'cs_test_gone',
      metadata: { hold: 'h2' },
    });
    expect(await record(event)).toEqual({ kind: 'recorded', saleId: null, queued: [] });
    expect(await record(event)).toEqual({ kind: 'duplicate' });
    expect(await count('sales')).toBe(0);
    expect(await count('stripe_events')).toBe(1);
    expect(heard).toEqual([
      { kind: 'expired', expired: { id: 'cs_test_gone', metadata: { hold: 'h2' } } },
    ]);
  });

  it('tells the hook what has been refunded of the payment over its charges, and a sale what came before it', async () => {
    heard.length = 0;
    await record(
      chargeRefundedEvent({ charge: 'ch_1', paymentIntent: 'pi_test_1', refunded: 900 }),
    );
    await record(
      chargeRefundedEvent({ charge: 'ch_2', paymentIntent: 'pi_test_1', refunded: 1000 }),
    );
    expect(heard.map((facts) => facts.kind === 'refund' && facts.refunded)).toEqual([900, 1900]);
    // The sale arrives after its refunds: the hook hears them with it.
    await record(checkoutSessionEvent('checkout.session.completed'));
    expect(heard.at(-1)).toMatchObject({ kind: 'checkout', refunded: 1900 });
  });

  it('stores nothing when the hook fails, so that Stripe delivers the event again', async () => {
    const event = checkoutSessionEvent('checkout.session.completed');
    await expect(
      record(event, async () => {
        throw new Error('the workshop failed');
      }),
    ).rejects.toThrow('the workshop failed');
    expect(await count('stripe_events')).toBe(0);
    expect(await count('sales')).toBe(0);
    expect(await record(event)).toMatchObject({ kind: 'recorded' });
  });
});
