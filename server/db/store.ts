import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Env } from '../env';
import { type ConnectOptions, connect, type DialectName } from './connect';
import { groupCommit, type WriteWork } from './group-commit';
import { type Migrations, migrateToLatest } from './migrations';
import type { Database } from './schema';

/**
 * The one store interface, the same for SQLite and PostgreSQL. Data functions (leads.ts,
 * outbox.ts, owner.ts) take it as their first argument and speak Kysely, so both dialects run
 * the same queries; `dialect` marks the rare place where they differ.
 */
export interface Store {
  db: Kysely<Database>;
  dialect: DialectName;
  /**
   * Runs `work` in a transaction and resolves once it is committed. On SQLite, writes that arrive
   * together share one commit (group-commit.ts); PostgreSQL has a connection pool for that.
   */
  write<T>(work: WriteWork<T>): Promise<T>;
  close(): Promise<void>;
}

/**
 * Connects and brings the schema up to date with `migrations`: every process that opens the
 * store migrates. The site's are every feature's (server/store.ts `openStore`).
 */
export async function connectStore(
  env: Pick<Env, 'DATA_DIR' | 'DATABASE_URL'>,
  migrations: Migrations,
  options: ConnectOptions = {},
): Promise<Store> {
  const { db, dialect } = connect(env, options);
  try {
    await migrateToLatest(db as Kysely<unknown>, migrations, options.schema);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  const write =
    dialect === 'sqlite'
      ? groupCommit(db)
      : <T>(work: WriteWork<T>) => db.transaction().execute(work);
  return { db, dialect, write, close: () => db.destroy() };
}

/**
 * A random secret made on first use and kept in the database, so that it survives restarts and
 * is shared by every instance without another setting to manage.
 */
export async function storedSecret(store: Store, name: string): Promise<string> {
  await store.db
    .insertInto('settings')
    .values({ name, value: randomBytes(32).toString('base64url') })
    .onConflict((conflict) => conflict.column('name').doNothing())
    .execute();
  const row = await store.db
    .selectFrom('settings')
    .select('value')
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return row.value;
}

/** Forgets a setting (one an older version kept and this one keeps elsewhere). */
export async function forgetSetting(store: Store, name: string): Promise<void> {
  await store.db.deleteFrom('settings').where('name', '=', name).execute();
}

export const isoNow = (): string => new Date().toISOString();
/** A moment (milliseconds) as the tables keep times. */
export const isoAt = (ms: number): string => new Date(ms).toISOString();
