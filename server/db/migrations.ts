import { type Kysely, type Migration, Migrator, PostgresAdapter } from 'kysely';
import { mailboxKey } from './mailbox';
import { rateLimitTable } from './schema';

/**
 * Migrations, in order, run at start-up by every process that opens the store (Kysely's migrator
 * takes a lock, so instances starting together are safe). Append new ones; never edit old ones.
 * Column types are the ones both SQLite and PostgreSQL understand.
 */
const migrations: Record<string, Migration> = {
  '0001-leads': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('contact_submissions')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('created_at', 'text', (col) => col.notNull())
        .addColumn('name', 'text', (col) => col.notNull())
        .addColumn('email', 'text', (col) => col.notNull())
        .addColumn('message', 'text', (col) => col.notNull())
        .addColumn('ip_hash', 'text', (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex('contact_submissions_email')
        .on('contact_submissions')
        .column('email')
        .execute();
      await db.schema
        .createIndex('contact_submissions_created_at')
        .on('contact_submissions')
        .column('created_at')
        .execute();

      await db.schema
        .createTable('subscribers')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('created_at', 'text', (col) => col.notNull())
        .addColumn('list', 'text', (col) => col.notNull())
        .addColumn('email', 'text', (col) => col.notNull())
        .addColumn('first_name', 'text')
        .addColumn('source', 'text')
        .addColumn('page', 'text')
        .addColumn('utm_source', 'text')
        .addColumn('utm_medium', 'text')
        .addColumn('utm_campaign', 'text')
        .addColumn('utm_term', 'text')
        .addColumn('utm_content', 'text')
        .addColumn('ip_hash', 'text', (col) => col.notNull())
        .addUniqueConstraint('subscribers_list_email', ['list', 'email'])
        .execute();
      await db.schema.createIndex('subscribers_email').on('subscribers').column('email').execute();
      await db.schema
        .createIndex('subscribers_created_at')
        .on('subscribers')
        .column('created_at')
        .execute();

      await db.schema
        .createTable('outbox_jobs')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('created_at', 'text', (col) => col.notNull())
        .addColumn('kind', 'text', (col) => col.notNull())
        .addColumn('lead_id', 'text', (col) => col.notNull())
        .addColumn('status', 'text', (col) => col.notNull())
        .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('next_attempt_at', 'text', (col) => col.notNull())
        .addColumn('locked_until', 'text')
        .addColumn('last_error', 'text')
        .addColumn('sent_at', 'text')
        .execute();
      await db.schema
        .createIndex('outbox_jobs_due')
        .on('outbox_jobs')
        .columns(['status', 'next_attempt_at'])
        .execute();
      await db.schema.createIndex('outbox_jobs_lead').on('outbox_jobs').column('lead_id').execute();

      await db.schema
        .createTable('settings')
        .addColumn('name', 'text', (col) => col.primaryKey())
        .addColumn('value', 'text', (col) => col.notNull())
        .execute();
    },
  },
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
  // Hardening: a lead says whether its post carried a solved proof of work; a proof is spent
  // once; an outbox job's claim carries a token, so a worker whose lease ran out cannot mark it.
  '0003-verification-and-leases': {
    async up(db: Kysely<unknown>) {
      for (const table of ['contact_submissions', 'subscribers']) {
        await db.schema
          .alterTable(table)
          .addColumn('verified', 'integer', (col) => col.notNull().defaultTo(0))
          .execute();
      }
      await db.schema.alterTable('outbox_jobs').addColumn('lease', 'text').execute();
      await db.schema
        .createTable('spent_proofs')
        .addColumn('signature', 'text', (col) => col.primaryKey())
        .addColumn('expires_at', 'text', (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex('spent_proofs_expires_at')
        .on('spent_proofs')
        .column('expires_at')
        .execute();
      // The rate limit shared by instances: only PostgreSQL has several (SQLite counts in memory).
      if (db.getExecutor().adapter instanceof PostgresAdapter) {
        await db.schema
          .createTable(rateLimitTable)
          .addColumn('key', 'varchar(255)', (col) => col.primaryKey())
          .addColumn('points', 'integer', (col) => col.notNull().defaultTo(0))
          .addColumn('expire', 'bigint')
          .execute();
      }
    },
  },
  // Page views counted by the server itself (docs/decisions/013-page-view-counting.md),
  // and the site each new lead came in on, so that views and sign-ups line up per host.
  '0004-page-views': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('page_views')
        .addColumn('day', 'text', (col) => col.notNull())
        .addColumn('host', 'text', (col) => col.notNull())
        .addColumn('path', 'text', (col) => col.notNull())
        .addColumn('source', 'text', (col) => col.notNull())
        .addColumn('visitor', 'text', (col) => col.notNull())
        .addColumn('views', 'integer', (col) => col.notNull())
        .addPrimaryKeyConstraint('page_views_key', ['day', 'host', 'path', 'source', 'visitor'])
        .execute();
      await db.schema
        .createTable('page_view_salts')
        .addColumn('day', 'text', (col) => col.primaryKey())
        .addColumn('salt', 'text', (col) => col.notNull())
        .execute();
      await db.schema.alterTable('subscribers').addColumn('host', 'text').execute();
      await db.schema.alterTable('contact_submissions').addColumn('host', 'text').execute();
    },
  },
  // The owner's room, signed in with passkeys (docs/decisions/018-owner-sign-in.md).
  '0005-owners': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('owners')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('name', 'text', (col) => col.notNull())
        .addColumn('created_at', 'text', (col) => col.notNull())
        .addColumn('revoked_at', 'text')
        .execute();
      await db.schema
        .createTable('owner_invites')
        .addColumn('token_hash', 'text', (col) => col.primaryKey())
        .addColumn('owner_id', 'text', (col) => col.notNull())
        .addColumn('created_at', 'text', (col) => col.notNull())
        .addColumn('expires_at', 'text', (col) => col.notNull())
        .addColumn('used_at', 'text')
        .execute();
      await db.schema
        .createTable('owner_passkeys')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('owner_id', 'text', (col) => col.notNull())
        .addColumn('public_key', 'text', (col) => col.notNull())
        .addColumn('counter', 'integer', (col) => col.notNull())
        .addColumn('transports', 'text', (col) => col.notNull())
        .addColumn('label', 'text', (col) => col.notNull())
        .addColumn('created_at', 'text', (col) => col.notNull())
        .addColumn('last_used_at', 'text')
        .execute();
      await db.schema
        .createIndex('owner_passkeys_owner')
        .on('owner_passkeys')
        .column('owner_id')
        .execute();
      await db.schema
        .createTable('owner_sessions')
        .addColumn('token_hash', 'text', (col) => col.primaryKey())
        .addColumn('owner_id', 'text', (col) => col.notNull())
        .addColumn('created_at', 'text', (col) => col.notNull())
        .addColumn('last_seen_at', 'text', (col) => col.notNull())
        .addColumn('expires_at', 'text', (col) => col.notNull())
        .addColumn('revoked_at', 'text')
        .execute();
      await db.schema
        .createIndex('owner_sessions_owner')
        .on('owner_sessions')
        .column('owner_id')
        .execute();
      await db.schema
        .createTable('owner_challenges')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('challenge', 'text', (col) => col.notNull())
        .addColumn('purpose', 'text', (col) => col.notNull())
        .addColumn('subject', 'text')
        .addColumn('expires_at', 'text', (col) => col.notNull())
        .execute();
      await db.schema
        .createTable('audit_log')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('at', 'text', (col) => col.notNull())
        .addColumn('owner_id', 'text')
        .addColumn('action', 'text', (col) => col.notNull())
        .addColumn('detail', 'text', (col) => col.notNull())
        .execute();
      await db.schema.createIndex('audit_log_at').on('audit_log').column('at').execute();
    },
  },
  // What the owner published (docs/decisions/019-publish.md), so every instance serves it and a
  // rollback can bring back any earlier version (server/owner/publish/versions.ts).
  '0006-content-versions': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('content_blobs')
        .addColumn('hash', 'text', (col) => col.primaryKey())
        .addColumn('data', 'text', (col) => col.notNull())
        .execute();
      await db.schema
        .createTable('content_versions')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('number', 'integer', (col) => col.notNull().unique())
        .addColumn('created_at', 'text', (col) => col.notNull())
        .addColumn('owner_id', 'text')
        .addColumn('action', 'text', (col) => col.notNull())
        .addColumn('source_number', 'integer')
        .addColumn('manifest', 'text', (col) => col.notNull())
        .addColumn('changed', 'text', (col) => col.notNull())
        .execute();
    },
  },
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
  // Who saw which variant of an experiment, and which variant each sign-up came from
  // (docs/decisions/027-experiments.md).
  '0010-experiments': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('experiment_exposures')
        .addColumn('day', 'text', (col) => col.notNull())
        .addColumn('experiment', 'text', (col) => col.notNull())
        .addColumn('variant', 'text', (col) => col.notNull())
        .addColumn('visitor', 'text', (col) => col.notNull())
        .addColumn('views', 'integer', (col) => col.notNull())
        .addPrimaryKeyConstraint('experiment_exposures_key', [
          'day',
          'experiment',
          'variant',
          'visitor',
        ])
        .execute();
      // A sign-up on a page under an experiment keeps the experiment and its visitor's variant.
      await db.schema.alterTable('subscribers').addColumn('experiment', 'text').execute();
      await db.schema.alterTable('subscribers').addColumn('variant', 'text').execute();
    },
  },
  // Which visitors of a variant clicked its checkout, and which variant each sale's click came
  // from (docs/decisions/027-experiments.md).
  '0011-experiment-checkouts': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('experiment_checkouts')
        .addColumn('day', 'text', (col) => col.notNull())
        .addColumn('experiment', 'text', (col) => col.notNull())
        .addColumn('variant', 'text', (col) => col.notNull())
        .addColumn('visitor', 'text', (col) => col.notNull())
        .addColumn('clicks', 'integer', (col) => col.notNull())
        .addPrimaryKeyConstraint('experiment_checkouts_key', [
          'day',
          'experiment',
          'variant',
          'visitor',
        ])
        .execute();
      await db.schema.alterTable('sales').addColumn('experiment', 'text').execute();
      await db.schema.alterTable('sales').addColumn('variant', 'text').execute();
    },
  },
  '0012-post-broadcasts': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('post_broadcasts')
        .addColumn('slug', 'text', (col) => col.primaryKey())
        .addColumn('state', 'text', (col) => col.notNull())
        .addColumn('subject', 'text', (col) => col.notNull())
        .addColumn('preview_text', 'text', (col) => col.notNull())
        .addColumn('html', 'text', (col) => col.notNull())
        .addColumn('post_date', 'text', (col) => col.notNull())
        .addColumn('broadcast', 'text', (col) => col.notNull())
        .addColumn('kit_id', 'text')
        .addColumn('send_at', 'text')
        .addColumn('made_at', 'text')
        .addColumn('updated_at', 'text', (col) => col.notNull())
        .execute();
    },
  },
  // A sign-up keeps the visitor key its variant came from, and an exposure the client (site and
  // address) behind its key, so that only a variant a visitor was shown, by a client that saw
  // no other, counts (docs/decisions/027-experiments.md).
  '0013-experiment-visitors': {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('subscribers').addColumn('visitor', 'text').execute();
      await db.schema.alterTable('experiment_exposures').addColumn('client', 'text').execute();
    },
  },
  // A post's newsletter is keyed by the post's id, which no rename changes, not by its file name
  // (docs/decisions/028-writing.md). A post from before ids is known by its file name, so every
  // row keeps its key, and a post already sent is not sent again.
  '0014-post-broadcast-ids': {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('post_broadcasts').renameColumn('slug', 'post_id').execute();
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

/** Every migration this code knows, in the order they run (Kysely sorts them by name). */
export const migrationNames: readonly string[] = Object.keys(migrations).sort();

/**
 * `schema`: the PostgreSQL schema the store works in, when it is not the default. Kysely looks
 * for its own two tables in every schema unless told which: another schema's would stop this one
 * from making them (tests run side by side, each in a schema of its own).
 */
export async function migrateToLatest(db: Kysely<unknown>, schema?: string): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    throw new Error(
      `Database migration ${failed?.migrationName ?? ''} failed: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}

/**
 * Tests only: the schema as it stood after migration `name`, to check what a later one carries
 * over. `schema` as for migrateToLatest.
 */
export async function migrateTo(db: Kysely<unknown>, name: string, schema?: string): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const { error } = await migrator.migrateTo(name);
  if (error) throw error;
}
