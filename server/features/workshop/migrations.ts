import type { Kysely, Migration } from 'kysely';

/**
 * The workshop's migration: its sessions as the database knows them, the seats held and taken,
 * and the attendees (0015; docs/decisions/032-workshop-delivered.md).
 * Run in name order with every feature's (server/store.ts); append new ones, never edit old ones.
 */
export const workshopMigrations: Readonly<Record<string, Migration>> = {
  '0015-workshop': {
    async up(db: Kysely<unknown>) {
      // One row per session id the content ever named: what the content does not hold (the
      // private links, the invite's sequence, a cancellation), and the row every hold of the
      // session locks first, so that two instances on one PostgreSQL count its seats in turn.
      await db.schema
        .createTable('workshop_sessions')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('start', 'text', (col) => col.notNull())
        .addColumn('sequence', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('joining_link', 'text')
        .addColumn('replay_link', 'text')
        .addColumn('cancelled_at', 'text')
        .addColumn('replay_queued_at', 'text')
        .addColumn('holds_made', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('updated_at', 'text', (col) => col.notNull())
        .execute();
      // A seat: held by an open Checkout Session until it is paid (taken) or expires (released).
      await db.schema
        .createTable('workshop_holds')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('session_id', 'text', (col) => col.notNull())
        .addColumn('client_hash', 'text', (col) => col.notNull())
        .addColumn('status', 'text', (col) => col.notNull())
        .addColumn('created_at', 'text', (col) => col.notNull())
        .addColumn('expires_at', 'text', (col) => col.notNull())
        .addColumn('checkout_session', 'text', (col) => col.unique())
        .addColumn('amount', 'integer', (col) => col.notNull())
        .addColumn('currency', 'text', (col) => col.notNull())
        .addColumn('released_at', 'text')
        .execute();
      await db.schema
        .createIndex('workshop_holds_session')
        .on('workshop_holds')
        .columns(['session_id', 'status', 'expires_at'])
        .execute();
      // One attendee per paid Checkout Session (its id is the session's, as the sale's is).
      await db.schema
        .createTable('workshop_attendees')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('session_id', 'text', (col) => col.notNull())
        .addColumn('hold_id', 'text')
        .addColumn('created_at', 'text', (col) => col.notNull())
        .addColumn('status', 'text', (col) => col.notNull())
        .addColumn('name', 'text')
        .addColumn('email', 'text')
        .addColumn('amount', 'integer', (col) => col.notNull())
        .addColumn('currency', 'text', (col) => col.notNull())
        .addColumn('expected_amount', 'integer')
        .addColumn('expected_currency', 'text')
        .addColumn('mismatch', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('payment_intent', 'text')
        .addColumn('livemode', 'integer', (col) => col.notNull())
        .addColumn('host', 'text')
        .addColumn('path', 'text')
        .addColumn('source', 'text')
        .addColumn('experiment', 'text')
        .addColumn('variant', 'text')
        .addColumn('refunded_at', 'text')
        .addColumn('erased_at', 'text')
        .execute();
      await db.schema
        .createIndex('workshop_attendees_session')
        .on('workshop_attendees')
        .column('session_id')
        .execute();
      await db.schema
        .createIndex('workshop_attendees_payment_intent')
        .on('workshop_attendees')
        .column('payment_intent')
        .execute();
      await db.schema
        .createIndex('workshop_attendees_email')
        .on('workshop_attendees')
        .column('email')
        .execute();
    },
  },
  // The per-network cap of the seats' holds (docs/decisions/034-selling-that-cannot-be-gamed.md):
  // a hold made before it counts against no network.
  '0019-workshop-hold-networks': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('workshop_holds')
        .addColumn('network_hash', 'text', (col) => col.notNull().defaultTo(''))
        .execute();
    },
  },
  // What a payment buys (docs/decisions/034-selling-that-cannot-be-gamed.md): an attendee held
  // for the owner's review and why, a dispute of its payment, and a digest of the joining link
  // its emails carried. Attendees made before it are confirmed or refunded, undisputed, their
  // link unknown.
  '0020-workshop-review-and-disputes': {
    async up(db: Kysely<unknown>) {
      for (const column of [
        'review_reason',
        'confirmed_at',
        'dispute',
        'disputed_at',
        'joining_link_sent',
      ]) {
        await db.schema.alterTable('workshop_attendees').addColumn(column, 'text').execute();
      }
    },
  },
};
