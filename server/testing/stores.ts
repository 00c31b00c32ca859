import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { afterEach, beforeEach, describe } from 'vitest';
import { type Connection, connect, type DialectName } from '../db/connect';
import { migrateTo } from '../db/migrations';
import type { Store } from '../db/store';
import { openStore, siteMigrations } from '../store';

/**
 * The same suites run against SQLite and PostgreSQL. PostgreSQL comes from TEST_DATABASE_URL
 * (scripts/ci/postgres.sh starts a throwaway cluster); without it the PostgreSQL run is skipped
 * visibly, except in CI, where a missing database is an error rather than a quiet pass.
 */
const postgresUrl = process.env.TEST_DATABASE_URL || undefined;
if (!postgresUrl && process.env.CI) {
  throw new Error(
    'TEST_DATABASE_URL is not set: CI must run the API tests against PostgreSQL too (scripts/ci/postgres.sh).',
  );
}

export interface TestDatabase {
  dialect: DialectName;
  /** Another connection to the same database, as a second server instance would open. */
  open(): Promise<Store>;
  /**
   * The database as it stood after migration `name`, on a connection of its own (destroy it
   * before `open`), to check what a later migration does to the rows it finds.
   */
  migratedTo(name: string): Promise<Kysely<unknown>>;
  /** The DATA_DIR / DATABASE_URL settings a child process needs to use it. */
  env: { DATA_DIR: string; DATABASE_URL: string };
  drop(): Promise<void>;
}

/** A fresh, empty database: a temporary directory for SQLite, a new schema for PostgreSQL. */
export async function createTestDatabase(dialect: DialectName): Promise<TestDatabase> {
  if (dialect === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'leads-test-'));
    const env = { DATA_DIR: dir, DATABASE_URL: '' };
    const settings = { DATA_DIR: dir, DATABASE_URL: undefined };
    return {
      dialect,
      env,
      open: () => openStore(settings),
      migratedTo: (name) => olderDatabase(connect(settings), name),
      drop: async () => rmSync(dir, { recursive: true, force: true }),
    };
  }
  const url = await workerDatabase();
  const schema = `test_${Math.random().toString(36).slice(2, 12)}`;
  await adminQuery(`CREATE SCHEMA ${schema}`, url);
  const settings = { DATA_DIR: '', DATABASE_URL: url };
  return {
    dialect,
    env: settings,
    open: () => openStore(settings, { schema }),
    migratedTo: (name) => olderDatabase(connect(settings, { schema }), name, schema),
    drop: () => adminQuery(`DROP SCHEMA ${schema} CASCADE`, url),
  };
}

let ownDatabase: Promise<string> | undefined;

/**
 * This test worker's own database on TEST_DATABASE_URL's server, made on first use; its tests run
 * one at a time, each in a schema of its own. Workers side by side must not share a database:
 * Kysely's migrator looks for its tables through every schema's columns, and that query fails,
 * naming the schema, when another worker drops its schema while it runs.
 */
function workerDatabase(): Promise<string> {
  const base = postgresUrl;
  if (!base) throw new Error('TEST_DATABASE_URL is not set');
  ownDatabase ??= (async () => {
    const url = new URL(base);
    const name = `${url.pathname.slice(1)}_worker_${process.env.VITEST_POOL_ID ?? '1'}`;
    url.pathname = `/${name}`;
    const client = new pg.Client({ connectionString: base });
    await client.connect();
    try {
      const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
      if (found.rowCount === 0) await client.query(`CREATE DATABASE "${name}"`);
    } finally {
      await client.end();
    }
    return url.toString();
  })();
  return ownDatabase;
}

async function olderDatabase(
  connection: Connection,
  name: string,
  schema?: string,
): Promise<Kysely<unknown>> {
  // Its tables are not yet today's: no type of ours describes them.
  const db = connection.db as Kysely<unknown>;
  try {
    await migrateTo(db, siteMigrations, name, schema);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  return db;
}

/**
 * A whole new PostgreSQL database, for server processes that know only DATABASE_URL (a schema
 * cannot be given to them). Undefined without TEST_DATABASE_URL.
 */
export async function createScratchPostgres(): Promise<
  { url: string; drop(): Promise<void> } | undefined
> {
  if (!postgresUrl) return undefined;
  const name = `scratch_${Math.random().toString(36).slice(2, 12)}`;
  await adminQuery(`CREATE DATABASE ${name}`);
  const url = new URL(postgresUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => adminQuery(`DROP DATABASE ${name} WITH (FORCE)`) };
}

async function adminQuery(text: string, url = postgresUrl): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/**
 * Declares `suite` once per dialect, each test with a fresh, empty database (not yet migrated:
 * a migration's tests start from an older schema). The PostgreSQL copy shows as skipped when
 * TEST_DATABASE_URL is unset.
 */
export function describeEachDatabase(
  title: string,
  suite: (context: { database: () => TestDatabase }) => void,
): void {
  for (const dialect of ['sqlite', 'postgres'] as const) {
    describe.skipIf(dialect === 'postgres' && !postgresUrl)(`${title} [${dialect}]`, () => {
      let database: TestDatabase;
      beforeEach(async () => {
        database = await createTestDatabase(dialect);
      });
      afterEach(async () => {
        await database.drop();
      });
      suite({ database: () => database });
    });
  }
}

/** Declares `suite` once per dialect, each test with a fresh database and an open store. */
export function describeEachStore(
  title: string,
  suite: (context: { store: () => Store; database: () => TestDatabase }) => void,
): void {
  describeEachDatabase(title, ({ database }) => {
    let store: Store;
    beforeEach(async () => {
      store = await database().open();
    });
    // After hooks run last-declared first: the store closes before its database is dropped.
    afterEach(async () => {
      await store.close();
    });
    suite({ store: () => store, database });
  });
}

/** Rows in a lead table, as a number on both dialects. */
export async function countRows(
  store: Store,
  table: 'contact_submissions' | 'subscribers' | 'outbox_jobs' | 'cohort_applications',
): Promise<number> {
  const row = await store.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
