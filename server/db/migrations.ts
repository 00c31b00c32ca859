import { type Kysely, type Migration, Migrator, PostgresAdapter } from 'kysely';
import { rateLimitTable } from './schema';

/**
 * Migrations, in order of their names, run at start-up by every process that opens the store
 * (Kysely's migrator takes a lock, so instances starting together are safe). Append new ones;
 * never edit old ones. Column types are the ones both SQLite and PostgreSQL understand.
 */
export type Migrations = Readonly<Record<string, Migration>>;

/**
 * The store's own: the first tables (the leads', the outbox's, the settings), made before the
 * server had feature folders, and the proof-of-work and lease columns that came with them. Each
 * feature keeps its own after these (server/features/<name>/migrations.ts), and the site runs
 * them all together (server/store.ts).
 */
export const storeMigrations: Migrations = {
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
};

/** The migrations' names in the order they run (Kysely sorts them by name). */
export const migrationNamesOf = (migrations: Migrations): readonly string[] =>
  Object.keys(migrations).sort();

/**
 * `schema`: the PostgreSQL schema the store works in, when it is not the default. Kysely looks
 * for its own two tables in every schema unless told which: another schema's would stop this one
 * from making them (tests run side by side, each in a schema of its own).
 */
export async function migrateToLatest(
  db: Kysely<unknown>,
  migrations: Migrations,
  schema?: string,
): Promise<void> {
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
export async function migrateTo(
  db: Kysely<unknown>,
  migrations: Migrations,
  name: string,
  schema?: string,
): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const { error } = await migrator.migrateTo(name);
  if (error) throw error;
}
