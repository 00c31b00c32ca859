import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterEach, beforeEach, describe } from 'vitest';
import type { DialectName } from '../db/connect';
import { openStore, type Store } from '../db/store';

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
  /** The DATA_DIR / DATABASE_URL settings a child process needs to use it. */
  env: { DATA_DIR: string; DATABASE_URL: string };
  drop(): Promise<void>;
}

/** A fresh, empty database: a temporary directory for SQLite, a new schema for PostgreSQL. */
export async function createTestDatabase(dialect: DialectName): Promise<TestDatabase> {
  if (dialect === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'leads-test-'));
    const env = { DATA_DIR: dir, DATABASE_URL: '' };
    return {
      dialect,
      env,
      open: () => openStore({ DATA_DIR: dir, DATABASE_URL: undefined }),
      drop: async () => rmSync(dir, { recursive: true, force: true }),
    };
  }
  if (!postgresUrl) throw new Error('TEST_DATABASE_URL is not set');
  const schema = `test_${Math.random().toString(36).slice(2, 12)}`;
  await adminQuery(`CREATE SCHEMA ${schema}`);
  return {
    dialect,
    env: { DATA_DIR: '', DATABASE_URL: postgresUrl },
    open: () => openStore({ DATA_DIR: '', DATABASE_URL: postgresUrl }, { schema }),
    drop: () => adminQuery(`DROP SCHEMA ${schema} CASCADE`),
  };
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

async function adminQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: postgresUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/**
 * Declares `suite` once per dialect, each test with a fresh database and an open store.
 * The PostgreSQL copy shows as skipped when TEST_DATABASE_URL is unset.
 */
export function describeEachStore(
  title: string,
  suite: (context: { store: () => Store; database: () => TestDatabase }) => void,
): void {
  for (const dialect of ['sqlite', 'postgres'] as const) {
    describe.skipIf(dialect === 'postgres' && !postgresUrl)(`${title} [${dialect}]`, () => {
      let database: TestDatabase;
      let store: Store;
      beforeEach(async () => {
        database = await createTestDatabase(dialect);
        store = await database.open();
      });
      afterEach(async () => {
        await store.close();
        await database.drop();
      });
      suite({ store: () => store, database: () => database });
    });
  }
}

/** Rows in a lead table, as a number on both dialects. */
export async function countRows(
  store: Store,
  table: 'contact_submissions' | 'subscribers' | 'outbox_jobs',
): Promise<number> {
  const row = await store.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
