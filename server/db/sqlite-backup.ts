import { randomBytes } from 'node:crypto';
import { closeSync, existsSync, fsyncSync, openSync, renameSync, rmSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type BetterSqlite3 from 'better-sqlite3';
import { ensurePrivateDir } from '../private-files';
import { busyTimeoutMs, loadSqlite, sqlitePath } from './connect';

/**
 * The owner's backup and restore of the SQLite store (`npm run leads -- backup|restore`).
 * PostgreSQL has pg_dump and pg_restore for this (README, "Backups").
 */

export interface DatabaseCopy {
  path: string;
  bytes: number;
  subscribers: number;
  contactSubmissions: number;
}

/** Every page in one step of SQLite's backup API (it takes a page count; this is its maximum). */
const allPages = 0x7fffffff;

/**
 * Copies the live database to `destination` while the server keeps writing: SQLite's online
 * backup, through a read-only connection of its own. The whole copy is one step, so one read
 * transaction: it holds every write committed before it began and none after, and in WAL mode it
 * never blocks the server (copied a few pages at a time, it would restart whenever the server
 * wrote between two steps). The copy is written beside `destination`, checked, then renamed
 * into place, so a half-made backup never carries its name; it is readable by its owner alone.
 */
export async function backupSqlite(dataDir: string, destination: string): Promise<DatabaseCopy> {
  const live = sqlitePath(dataDir);
  const target = resolve(destination);
  if (liveFiles(live).includes(target)) {
    throw new Error(`${target} is the live database: back it up to another file.`);
  }
  if (!existsSync(live)) throw new Error(`No database at ${live} (DATA_DIR): nothing to back up.`);
  if (!existsSync(dirname(target))) throw new Error(`No such directory: ${dirname(target)}`);

  const partial = `${target}.partial-${randomBytes(4).toString('hex')}`;
  closeSync(openSync(partial, 'wx', 0o600));
  try {
    const source = openFile(live, { readonly: true, fileMustExist: true, timeout: busyTimeoutMs });
    try {
      await source.backup(partial, { progress: () => allPages });
    } finally {
      source.close();
    }
    const copy = withDatabase(partial, (db) => {
      // One self-contained file (the live database's WAL mode would come along otherwise).
      db.pragma('journal_mode = DELETE');
      checkIntegrity(db, partial);
      return summarize(db, target);
    });
    syncFile(partial);
    renameSync(partial, target);
    syncFile(dirname(target));
    return copy;
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  }
}

export interface Restored extends DatabaseCopy {
  /** Where the database it replaced now is; null when there was none. */
  keptAs: string | null;
}

/**
 * Puts a backup in place of the live database, with the server stopped. The backup is first
 * copied into DATA_DIR (through SQLite, so a -wal beside it counts) and checked there: SQLite's
 * integrity check, and migrations this code knows (an older copy is migrated when the server
 * starts; a copy from newer code is refused). Only then is the live database set aside as
 * `leads.sqlite.before-restore-<time>`, never deleted, and the checked copy renamed into place.
 */
export async function restoreSqlite(
  dataDir: string,
  source: string,
  /** The migrations this code knows, in order (server/store.ts `migrationNames`). */
  migrationNames: readonly string[],
  now = new Date(),
): Promise<Restored> {
  const from = resolve(source);
  const live = sqlitePath(dataDir);
  if (liveFiles(live).includes(from)) throw new Error(`${from} is the live database itself.`);
  if (!existsSync(from) || !statSync(from).isFile()) throw new Error(`No such file: ${from}`);

  ensurePrivateDir(dataDir);
  const stamp = now.toISOString().replace(/[:.]/g, '-');
  const staged = `${live}.restoring-${stamp}`;
  closeSync(openSync(staged, 'wx', 0o600));
  try {
    let copy: DatabaseCopy;
    try {
      const candidate = openFile(from, { readonly: true, fileMustExist: true });
      try {
        await candidate.backup(staged, { progress: () => allPages });
      } finally {
        candidate.close();
      }
      copy = withDatabase(staged, (db) => {
        checkIntegrity(db, from);
        checkMigrations(db, from, migrationNames);
        return summarize(db, live);
      });
    } catch (error) {
      throw unreadable(from, error);
    }
    syncFile(staged);
    const keptAs = takeOffline(live, `${live}.before-restore-${stamp}`);
    renameSync(staged, live);
    syncFile(dataDir);
    return { ...copy, keptAs };
  } catch (error) {
    rmSync(staged, { force: true });
    throw error;
  }
}

/**
 * Sets the live database aside, refusing while a server has it open. Every connection to a
 * WAL-mode database holds a shared lock on its file for as long as it is open, so an exclusive
 * lock is granted only when no process has it open; the operating system drops a dead process's
 * locks, so a crashed server does not count as running (a pid file would). Switching the journal
 * mode under that lock folds the WAL into the file, which then stands alone; any -wal or -shm
 * left over goes with it, since a stale WAL must never meet the restored file.
 */
function takeOffline(live: string, keptAs: string): string | null {
  if (existsSync(live)) {
    withDatabase(
      live,
      (db) => {
        db.pragma('locking_mode = EXCLUSIVE');
        try {
          db.exec('BEGIN EXCLUSIVE; COMMIT');
        } catch (error) {
          if ((error as { code?: string }).code !== 'SQLITE_BUSY') throw error;
          throw new Error(
            `The server is running: ${live} is open in another process. Stop the server (systemctl stop founder-site), restore, then start it again.`,
          );
        }
        db.pragma('journal_mode = DELETE');
      },
      { timeout: 0 },
    );
    renameSync(live, keptAs);
  }
  for (const suffix of ['-wal', '-journal']) {
    if (existsSync(live + suffix)) renameSync(live + suffix, keptAs + suffix);
  }
  rmSync(`${live}-shm`, { force: true });
  return existsSync(keptAs) ? keptAs : null;
}

/** Refuses a copy whose migrations are not this code's, or a prefix of them. */
function checkMigrations(
  db: BetterSqlite3.Database,
  name: string,
  migrationNames: readonly string[],
): void {
  const table = db
    .prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'kysely_migration'")
    .get();
  if (!table) throw new Error(`${name} is not a leads database (it has no migration table).`);
  const applied = db
    .prepare('SELECT name FROM kysely_migration ORDER BY name')
    .pluck()
    .all() as string[];
  const unknown = applied.filter((migration) => !migrationNames.includes(migration));
  if (unknown.length > 0) {
    throw new Error(
      `${name} was made by newer code (migration ${unknown.join(', ')} is unknown here): update this checkout to that version first, then restore.`,
    );
  }
  if (applied.some((migration, i) => migrationNames[i] !== migration)) {
    throw new Error(
      `${name} has migrations ${applied.join(', ')}, which are not in this code's order (${migrationNames.join(', ')}).`,
    );
  }
}

function checkIntegrity(db: BetterSqlite3.Database, name: string): void {
  const problems = db.pragma('integrity_check', { simple: false }) as { integrity_check: string }[];
  const report = problems.map((row) => row.integrity_check);
  if (report.join() !== 'ok') {
    throw new Error(`${name} fails SQLite's integrity check: ${report.slice(0, 3).join('; ')}`);
  }
}

function summarize(db: BetterSqlite3.Database, path: string): DatabaseCopy {
  const count = (table: string) =>
    Number(db.prepare(`SELECT count(*) FROM ${table}`).pluck().get());
  const pages = Number(db.pragma('page_count', { simple: true }));
  const pageSize = Number(db.pragma('page_size', { simple: true }));
  return {
    path,
    bytes: pages * pageSize,
    subscribers: count('subscribers'),
    contactSubmissions: count('contact_submissions'),
  };
}

/** The live database and the files SQLite keeps beside it. */
const liveFiles = (live: string) => ['', '-wal', '-shm', '-journal'].map((suffix) => live + suffix);

/** SQLite's own words for a file that is not a sound database, said as the owner needs them. */
function unreadable(name: string, error: unknown): Error {
  const code = (error as { code?: string }).code;
  if (code === 'SQLITE_NOTADB') return new Error(`${name} is not a SQLite database.`);
  if (code === 'SQLITE_CORRUPT')
    return new Error(`${name} is damaged: ${(error as Error).message}`);
  return error instanceof Error ? error : new Error(String(error));
}

function withDatabase<T>(
  path: string,
  work: (db: BetterSqlite3.Database) => T,
  options: BetterSqlite3.Options = {},
): T {
  const db = openFile(path, { fileMustExist: true, timeout: busyTimeoutMs, ...options });
  try {
    return work(db);
  } finally {
    db.close();
  }
}

/**
 * A connection to a copy or the live file, with secure_delete as the store's own (connect.ts):
 * what it rewrites (a backup's journal mode, a restore's staged copy) leaves no erased value
 * behind in a free page.
 */
function openFile(path: string, options: BetterSqlite3.Options): BetterSqlite3.Database {
  const db = new (loadSqlite())(path, options);
  db.pragma('secure_delete = ON');
  return db;
}

/** Makes a file's content (or a directory's entries, after a rename) durable. */
function syncFile(path: string): void {
  const fd = openSync(path, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}
