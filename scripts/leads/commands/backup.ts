import { backupSqlite, type DatabaseCopy, restoreSqlite } from '../../../server/db/sqlite-backup';
import { migrationNames } from '../../../server/store';
import {
  type Args,
  type LeadsCommand,
  type LeadsEnv,
  refuseExtraWords,
  UsageError,
} from './command';

/**
 * Backup and restore copy the SQLite file itself, beside the server: they stay in the terminal,
 * and the owner's room does not offer them.
 */

export const backupCli: LeadsCommand = {
  name: 'backup',
  usage: `  backup PATH
      Copy the SQLite database to PATH (readable by you only) while the server runs.`,
  parse(args) {
    const path = backupPath('backup', args);
    return async ({ io }) => {
      const started = performance.now();
      const copy = await backupSqlite(sqliteDataDir(io.env()), path);
      const ms = Math.round(performance.now() - started);
      io.stdout(`Backed up ${described(copy)} to ${copy.path} in ${ms} ms.\n`);
    };
  },
};

export const restoreCli: LeadsCommand = {
  name: 'restore',
  usage: `  restore PATH
      Check a backup and put it in place of the database, keeping the current one beside it as
      leads.sqlite.before-restore-<time>. Stop the server first; restore refuses while it runs.
      With PostgreSQL, backup and restore are pg_dump and pg_restore (see README).`,
  parse(args) {
    const path = backupPath('restore', args);
    return async ({ io, now }) => {
      const restored = await restoreSqlite(sqliteDataDir(io.env()), path, migrationNames, now);
      io.stdout(
        `Restored ${described(restored)} into ${restored.path}.${restored.keptAs ? ` The database it replaced is kept as ${restored.keptAs}.` : ''} Start the server again.\n`,
      );
    };
  },
};

function backupPath(name: string, { words }: Args): string {
  const [path] = words;
  refuseExtraWords(words, 1);
  if (!path) throw new UsageError(`${name} needs the path of a backup file.`);
  return path;
}

function sqliteDataDir(env: Pick<LeadsEnv, 'DATA_DIR' | 'DATABASE_URL'>): string {
  if (env.DATABASE_URL) throw new Error(postgresBackups);
  return env.DATA_DIR;
}

const described = (copy: DatabaseCopy) =>
  `${copy.subscribers} sign-up(s) and ${copy.contactSubmissions} contact submission(s) (${Math.ceil(copy.bytes / 1024)} KiB, integrity ok)`;

const postgresBackups =
  'The database is PostgreSQL (DATABASE_URL): back it up with `pg_dump --format=custom --file=leads.dump "$DATABASE_URL"` and restore with `pg_restore --clean --if-exists --no-owner -d "$DATABASE_URL" leads.dump` (README, "Backups").';
