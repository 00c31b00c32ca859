import type { Kysely, Migration } from 'kysely';
import { mailboxKey } from './mailbox';

/**
 * The leads' migrations: the share links (0002), one row per mailbox in Kit's events (0008), an enquiry's page (0009). Their first tables came with the store's own first migration (server/db/migrations.ts).
 * Run in name order with every feature's (server/store.ts); append new ones, never edit old ones.
 */
export const leadsMigrations: Readonly<Record<string, Migration>> = {
  // The thank-you page's share promise: each sign-up gets a code for its share link, and a
  // sign-up that arrives through one remembers it (counted per distinct email).
  '0002-referrals': {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('subscribers').addColumn('referral_code', 'text').execute();
      await db.schema.alterTable('subscribers').addColumn('referred_by', 'text').execute();
      await db.schema
        .createIndex('subscribers_referral_code')
        .on('subscribers')
        .column('referral_code')
        .unique()
        .execute();
      await db.schema
        .createIndex('subscribers_referred_by')
        .on('subscribers')
        .column('referred_by')
        .execute();
    },
  },
  // Kit's webhook events (docs/decisions/021-kit-confirmations.md), each recorded once by its
  // UUID (no personal data: the subscriber rows carry what an event changed); each sign-up's
  // confirmation and later state, by event time; the mailbox friends are counted by; and a fresh
  // share code per answer.
  '0008-kit-events': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('kit_events')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('type', 'text', (col) => col.notNull())
        .addColumn('occurred_at', 'text', (col) => col.notNull())
        .addColumn('received_at', 'text', (col) => col.notNull())
        .execute();
      for (const column of [
        'mailbox',
        'confirmed_at',
        'unsubscribed_at',
        'bounced_at',
        'complained_at',
      ]) {
        await db.schema.alterTable('subscribers').addColumn(column, 'text').execute();
      }
      await db.schema
        .createIndex('subscribers_mailbox')
        .on('subscribers')
        .column('mailbox')
        .execute();
      await db.schema
        .createTable('share_codes')
        .addColumn('code', 'text', (col) => col.primaryKey())
        .addColumn('subscriber_id', 'text', (col) => col.notNull())
        .addColumn('created_at', 'text', (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex('share_codes_subscriber')
        .on('share_codes')
        .column('subscriber_id')
        .execute();
      // Sign-ups stored before: their mailbox, and the code they were given keeps working.
      const legacy = db as unknown as Kysely<Legacy0008>;
      const rows = await legacy
        .selectFrom('subscribers')
        .select(['id', 'email', 'referral_code', 'created_at'])
        .execute();
      for (const row of rows) {
        await legacy
          .updateTable('subscribers')
          .set({ mailbox: mailboxKey(row.email) })
          .where('id', '=', row.id)
          .execute();
        if (row.referral_code) {
          await legacy
            .insertInto('share_codes')
            .values({ code: row.referral_code, subscriber_id: row.id, created_at: row.created_at })
            .execute();
        }
      }
    },
  },
  // The page an enquiry was sent from, as sign-ups keep theirs: the owner sees which page brought
  // it, and the funnel counts enquiries by page. Earlier enquiries stay without one.
  '0009-contact-page': {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('contact_submissions').addColumn('page', 'text').execute();
    },
  },
};

/** The tables as 0008 found and left them (the migration must not follow later schema changes). */
interface Legacy0008 {
  subscribers: {
    id: string;
    email: string;
    referral_code: string | null;
    created_at: string;
    mailbox: string | null;
  };
  share_codes: { code: string; subscriber_id: string; created_at: string };
}
