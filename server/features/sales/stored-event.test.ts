import type { Kysely } from 'kysely';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../testing/stores';
import { chargeRefundedEvent, checkoutSessionEvent } from '../../testing/stripe';

/**
 * Stripe's events stored before their payloads were kept small (migration 0019): the whole body,
 * the buyer in it, is cut to what the features read, on both databases, at the next start.
 */

interface OldEvents {
  stripe_events: {
    id: string;
    type: string;
    created_at: string;
    received_at: string;
    object_id: string;
    payload: string | null;
  };
}

describeEachDatabase('migration 0019: Stripe events kept small', ({ database }) => {
  it('cuts every stored body to its projection, the buyer gone, the sale facts kept', async () => {
    const paid = checkoutSessionEvent('checkout.session.completed', {
      session: 'cs_old_paid',
      email: 'Old.Buyer@Example.com',
      name: 'Olive Oldbuyer',
      metadata: { workshop_session: 'december-2026' },
    });
    const expired = checkoutSessionEvent('checkout.session.expired', { session: 'cs_old_gone' });
    Object.assign(expired.data.object, { customer_email: 'old.buyer@example.com' });
    const refund = chargeRefundedEvent({ charge: 'ch_old', paymentIntent: 'pi_old_paid' });
    const rows = [
      { event: paid, object: 'cs_old_paid', payload: JSON.stringify(paid) },
      { event: expired, object: 'cs_old_gone', payload: JSON.stringify(expired) },
      { event: refund, object: 'ch_old', payload: JSON.stringify(refund) },
      // Already erased: stays empty.
      { event: paid, object: 'cs_old_erased', payload: null },
    ];
    const old = (await database().migratedTo('0018-experiment-applications')) as Kysely<OldEvents>;
    await old
      .insertInto('stripe_events')
      .values(
        rows.map(({ event, object, payload }, i) => ({
          id: `evt_old_${i}`,
          type: event.type,
          created_at: '2026-11-01T00:00:00.000Z',
          received_at: '2026-11-01T00:00:00.000Z',
          object_id: object,
          payload,
        })),
      )
      .execute();
    await old.destroy();

    const store = await database().open();
    try {
      const kept = await store.db
        .selectFrom('stripe_events')
        .select(['id', 'payload'])
        .orderBy('id')
        .execute();
      expect(kept.map((row) => row.id)).toEqual([
        'evt_old_0',
        'evt_old_1',
        'evt_old_2',
        'evt_old_3',
      ]);
      for (const { payload } of kept) {
        const text = (payload ?? '').toLowerCase();
        expect(text).not.toContain('old.buyer@example.com');
        expect(text).not.toContain('oldbuyer');
        // The refund's charge named its payer (billing_details) too.
        expect(text).not.toContain('bea buyer');
      }
      expect(JSON.parse(kept[0]?.payload ?? '')).toMatchObject({
        id: paid.id,
        type: 'checkout.session.completed',
        data: {
          object: {
            id: 'cs_old_paid',
            amount_total: 4900,
            currency: 'gbp',
            payment_intent: 'pi_old_paid',
            metadata: { workshop_session: 'december-2026' },
          },
        },
      });
      expect(JSON.parse(kept[2]?.payload ?? '')).toMatchObject({
        data: { object: { id: 'ch_old', amount_refunded: 4900, payment_intent: 'pi_old_paid' } },
      });
      expect(kept[3]?.payload).toBeNull();
    } finally {
      await store.close();
    }
  });
});
