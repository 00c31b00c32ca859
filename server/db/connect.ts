import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import type BetterSqlite3 from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import type { Env } from '../env';
import { ensurePrivateDir, ensurePrivateFile } from '../private-files';
import type { Database } from './schema';

export type DialectName = 'sqlite' | 'postgres';

export interface Connection {
  db: Kysely<Database>;
  dialect: DialectName;
}

export interface ConnectOptions {
  /** PostgreSQL only: a schema to work in (tests give each suite its own). */
  schema?: string;
}

/** SQLite's file inside DATA_DIR. */
export function sqlitePath(dataDir: string): string {
  return resolve(dataDir, 'leads.sqlite');
}

/**
 * Opens PostgreSQL when DATABASE_URL is set, else SQLite in DATA_DIR. Either way a 201 must mean
 * "on disk": SQLite runs in WAL mode with synchronous=FULL (checked, since some file systems
 * refuse WAL), PostgreSQL with synchronous_commit=on whatever the server default. SQLite also
 * runs with secure_delete, so that what an erasure removes is zeroed in the file rather than left
 * in a free page for a copy of the file to carry (reclaim.ts).
 */
export function connect(
  env: Pick<Env, 'DATA_DIR' | 'DATABASE_URL'>,
  options: ConnectOptions = {},
): Connection {
  if (env.DATABASE_URL) {
    return { db: connectPostgres(env.DATABASE_URL, options.schema), dialect: 'postgres' };
  }
  return { db: connectSqlite(env.DATA_DIR), dialect: 'sqlite' };
}

function connectPostgres(url: string, schema: string | undefined): Kysely<Database> {
  const settings = ['-c synchronous_commit=on'];
  if (schema) settings.push(`-c search_path=${schema}`);
  const pool = new pg.Pool({ connectionString: url, max: 10, options: settings.join(' ') });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}

/** How long a connection waits for another one's write lock before it gives up. */
export const busyTimeoutMs = 5000;

/**
 * better-sqlite3 12 is the last major that runs on Node 20, but on Node 24 it aborts the
 * process when a statement is garbage-collected (its node::ObjectWrap cleanup hook; 13 moved to
 * Node-API and fixed it). So Node 22 and later load 13, installed as the optional alias
 * `better-sqlite3-node22`, which npm skips on Node 20 (engine-strict). See decision 002.
 */
export function loadSqlite(): typeof BetterSqlite3 {
  const require = createRequire(import.meta.url);
  const nodeMajor = Number(process.versions.node.split('.')[0]);
  if (nodeMajor < 22) return require('better-sqlite3');
  try {
    return require('better-sqlite3-node22');
  } catch (error) {
    throw new Error(
      `Node ${process.versions.node} needs better-sqlite3 13 (the optional dependency better-sqlite3-node22): run \`npm ci\` with this Node.`,
      { cause: error },
    );
  }
}

function connectSqlite(dataDir: string): Kysely<Database> {
  // Leads are personal data: only the server's user reads them. SQLite gives its -wal and -shm
  // files the database file's mode.
  ensurePrivateDir(dataDir);
  ensurePrivateFile(sqlitePath(dataDir));
  const SqliteDatabase = loadSqlite();
  const database = new SqliteDatabase(sqlitePath(dataDir), { timeout: busyTimeoutMs });
  database.pragma('journal_mode = WAL');
  database.pragma('synchronous = FULL');
  database.pragma(`busy_timeout = ${busyTimeoutMs}`);
  database.pragma('secure_delete = ON');
  const actual = {
    journal_mode: database.pragma('journal_mode', { simple: true }),
    synchronous: database.pragma('synchronous', { simple: true }),
    busy_timeout: database.pragma('busy_timeout', { simple: true }),
    secure_delete: database.pragma('secure_delete', { simple: true }),
  };
  const expected = {
    journal_mode: 'wal',
    synchronous: 2,
    busy_timeout: busyTimeoutMs,
    secure_delete: 1,
  };
  for (const [name, value] of Object.entries(expected)) {
    if (actual[name as keyof typeof actual] !== value) {
      database.close();
      throw new Error(
        `SQLite in ${join(dataDir)} runs with ${name}=${String(actual[name as keyof typeof actual])}, expected ${value}; is DATA_DIR on a local file system?`,
      );
    }
  }
  return new Kysely<Database>({ dialect: new SqliteDialect({ database }) });
}

/** SQLite's own consistency check: "ok" when the file is sound. */
export async function sqliteIntegrityCheck(db: Kysely<Database>): Promise<string> {
  const { rows } = await sql<{ integrity_check: string }>`PRAGMA integrity_check`.execute(db);
  return rows.map((row) => row.integrity_check).join('\n');
}
