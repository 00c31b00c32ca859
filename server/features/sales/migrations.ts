import type { Kysely, Migration } from 'kysely';
import { storedPayload } from './stored-event';

/**
 * The sales' migrations: checkout clicks, Stripe's events, sales and refunds (0007); Stripe's
 * events kept small (0019).
 * Run in name order with every feature's (server/store.ts); append new ones, never edit old ones.
 */
export const salesMigrations: Readonly<Record<string, Migration>> = {
  // The workshop checkout (docs/decisions/020-stripe-sales.md). Clicks on checkout
  // links counted like page views; Stripe's events kept once each; a sale per Checkout Session
  // and the refunds of its charge, each keyed by Stripe's own id so that no delivery, however
  // often or in whatever order, records anything twice.
  '0007-sales': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('checkout_clicks')
        .addColumn('day', 'text', (col) => col.notNull())
        .addColumn('host', 'text', (col) => col.notNull())
        .addColumn('path', 'text', (col) => col.notNull())
        .addColumn('source', 'text', (col) => col.notNull())
        .addColumn('clicks', 'integer', (col) => col.notNull())
        .addPrimaryKeyConstraint('checkout_clicks_key', ['day', 'host', 'path', 'source'])
        .execute();
      await db.schema
        .createTable('stripe_events')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('type', 'text', (col) => col.notNull())
        .addColumn('created_at', 'text', (col) => col.notNull())
        .addColumn('received_at', 'text', (col) => col.notNull())
        .addColumn('object_id', 'text', (col) => col.notNull())
        .addColumn('payload', 'text')
        .execute();
      await db.schema
        .createIndex('stripe_events_object')
        .on('stripe_events')
        .column('object_id')
        .execute();
      await db.schema
        .createTable('sales')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('created_at', 'text', (col) => col.notNull())
        .addColumn('recorded_at', 'text', (col) => col.notNull())
        .addColumn('status', 'text', (col) => col.notNull())
        .addColumn('livemode', 'integer', (col) => col.notNull())
        .addColumn('amount', 'integer', (col) => col.notNull())
        .addColumn('currency', 'text', (col) => col.notNull())
        .addColumn('product', 'text')
        .addColumn('reference', 'text')
        .addColumn('click_day', 'text')
        .addColumn('host', 'text')
        .addColumn('path', 'text')
        .addColumn('source', 'text')
        .addColumn('email', 'text')
        .addColumn('payment_intent', 'text')
        .addColumn('customer', 'text')
        .addColumn('payment_link', 'text')
        .addColumn('notified_at', 'text')
        .addColumn('erased_at', 'text')
        .execute();
      await db.schema.createIndex('sales_created_at').on('sales').column('created_at').execute();
      await db.schema.createIndex('sales_email').on('sales').column('email').execute();
      await db.schema
        .createIndex('sales_payment_intent')
        .on('sales')
        .column('payment_intent')
        .execute();
      await db.schema
        .createTable('sale_refunds')
        .addColumn('charge_id', 'text', (col) => col.primaryKey())
        .addColumn('payment_intent', 'text')
        .addColumn('amount_refunded', 'integer', (col) => col.notNull())
        .addColumn('currency', 'text', (col) => col.notNull())
        .addColumn('updated_at', 'text', (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex('sale_refunds_payment_intent')
        .on('sale_refunds')
        .column('payment_intent')
        .execute();
    },
  },
  // Stripe's events stored before payloads were kept small held the whole body, the buyer's
  // email and name with it (an expired checkout's fixed address too, which no sale names for
  // `leads forget` to find): each is cut to what is kept today (stored-event.ts), on every store
  // at its next start rather than whenever the owner next prunes. A payload is only ever cut.
  '0019-stripe-event-payloads': {
    async up(untyped: Kysely<unknown>) {
      const db = untyped as Kysely<StripeEvents>;
      let after = '';
      for (;;) {
        const page = await db
          .selectFrom('stripe_events')
          .select(['id', 'payload'])
          .where('id', '>', after)
          .where('payload', 'is not', null)
          .orderBy('id')
          .limit(500)
          .execute();
        for (const { id, payload } of page) {
          const kept = payload === null ? null : storedPayload(payload);
          await db
            .updateTable('stripe_events')
            .set({ payload: kept })
            .where('id', '=', id)
            .execute();
        }
        const last = page.at(-1);
        if (!last) return;
        after = last.id;
      }
    },
  },
};

/** The table as 0019 finds it: the columns it reads and writes. */
interface StripeEvents {
  stripe_events: { id: string; payload: string | null };
}
