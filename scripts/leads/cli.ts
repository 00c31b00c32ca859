import { parseArgs } from 'node:util';
import { type SubscriptionList, subscriptionLists } from '../../contracts/subscription';
import { type FunnelDimension, funnel, funnelDimensions } from '../../server/db/funnel';
import { backfillKitJobs, kitBackfillSpacingMs } from '../../server/db/kit-backfill';
import { listJobs, retryFailedJobs } from '../../server/db/outbox';
import {
  contactExportColumns,
  exportContactSubmissions,
  exportSubscribers,
  forgetPerson,
  pruneOlderThan,
  subscriberExportColumns,
} from '../../server/db/owner';
import { utcDay } from '../../server/db/page-views';
import { backupSqlite, type DatabaseCopy, restoreSqlite } from '../../server/db/sqlite-backup';
import type { Store } from '../../server/db/store';
import { type Env, type KitFormEnv, kitFormIds } from '../../server/env';
import { toCsv } from './csv';
import { formatFunnel, type StatsFormat, statsFormats } from './stats';
import { funnelReport } from './stats-report';
import { parseAge, parseSince } from './time-arguments';

export const usage = `Usage: npm run leads -- <command> [options]

Commands:
  export contacts --format csv|json [--since WHEN]
  export subscribers --format csv|json [--list newsletter|waitlist|handbook] [--since WHEN]
      Print leads to stdout, oldest first. WHEN is a date (2026-01-31) or an age (30d, 12h, 2w).
      CSV cells that would start a spreadsheet formula are prefixed with an apostrophe.
  outbox
      List forwarding jobs still pending or failed (ids and errors only, no personal data).
  outbox retry [JOB_ID]
      Queue failed jobs again from a clean slate: all of them, or the one named.
  forget EMAIL
      Erase everything held about this email address: contact submissions, sign-ups on every
      list and their pending forwarding jobs (UK GDPR erasure). Kit keeps its own copy: remove
      the subscriber there too.
  prune --older-than AGE
      Delete leads older than AGE (e.g. 365d) with their jobs, and finished jobs as old.
  kit backfill [--list newsletter|waitlist|handbook] [--since WHEN] [--dry-run]
      Queue a Kit sign-up for every subscriber who never had one (stored while Kit was not
      configured). The server sends them, one every 1.5 s. Needs KIT_API_KEY and each list's
      KIT_FORM_ID_*. --dry-run prints how many it would queue, and queues nothing.
  backup PATH
      Copy the SQLite database to PATH (readable by you only) while the server runs.
  restore PATH
      Check a backup and put it in place of the database, keeping the current one beside it as
      leads.sqlite.before-restore-<time>. Stop the server first; restore refuses while it runs.
      With PostgreSQL, backup and restore are pg_dump and pg_restore (see README).
  stats [--since WHEN] [--by page|source|day|host] [--format table|csv|json|html]
      The funnel since WHEN (default 30d), in UTC days: page views and visitors counted by the
      server, sign-ups, conversion (sign-ups per visitor), and contact submissions by day or
      host. Default: by page, as a table. --format html prints a self-contained report with a
      chart: npm run leads -- stats --format html > report.html

The database is the server's: DATA_DIR (SQLite) or DATABASE_URL (PostgreSQL), from the
environment or .env.

Exit codes: 0 done, 1 failed, 2 wrong usage.`;

/** The settings the commands read, beyond the store itself. */
export type LeadsEnv = Pick<Env, 'DATA_DIR' | 'DATABASE_URL' | 'KIT_API_KEY'> & KitFormEnv;

export interface CliIo {
  /** The server's settings; read when a command needs them, so that `help` always works. */
  env(): LeadsEnv;
  openStore(): Promise<Store>;
  stdout(text: string): void;
  stderr(text: string): void;
  now?: Date;
}

class UsageError extends Error {}

type Command = () => Promise<void>;

/** Runs one command of the owner's tool; answers its exit code. */
export async function runLeadsCli(argv: readonly string[], io: CliIo): Promise<number> {
  let command: Command | 'help';
  try {
    command = parseCommand(argv, io);
  } catch (error) {
    // parseArgs reports unknown options and missing values as TypeErrors.
    if (!(error instanceof UsageError) && !(error instanceof TypeError)) throw error;
    io.stderr(`${error.message}\n\n${usage}\n`);
    return 2;
  }
  if (command === 'help') {
    io.stdout(`${usage}\n`);
    return 0;
  }
  try {
    await command();
    return 0;
  } catch (error) {
    io.stderr(`leads: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
}

function parseCommand(argv: readonly string[], io: CliIo): Command | 'help' {
  const { values, positionals } = parseArgs({
    args: [...argv],
    allowPositionals: true,
    strict: true,
    options: {
      format: { type: 'string' },
      list: { type: 'string' },
      since: { type: 'string' },
      'older-than': { type: 'string' },
      'dry-run': { type: 'boolean' },
      by: { type: 'string' },
      help: { type: 'boolean' },
    },
  });
  const [name, ...rest] = positionals;
  if (values.help) return 'help';
  const now = io.now ?? new Date();
  const noMore = (allowed: number) => {
    if (rest.length > allowed) throw new UsageError(`Unexpected argument: ${rest[allowed]}`);
  };
  const since = () => {
    const date = values.since === undefined ? undefined : parseSince(values.since, now);
    if (date === null) throw new UsageError(`--since: not a date or an age: ${values.since}`);
    return date;
  };
  const list = () => {
    const chosen = values.list;
    if (chosen !== undefined && !(subscriptionLists as readonly string[]).includes(chosen)) {
      throw new UsageError(`--list must be one of ${subscriptionLists.join(', ')}.`);
    }
    return chosen as SubscriptionList | undefined;
  };
  const inStore = async (work: (store: Store) => Promise<void>) => {
    const store = await io.openStore();
    try {
      await work(store);
    } finally {
      await store.close();
    }
  };
  if (values['dry-run'] && name !== 'kit')
    throw new UsageError('--dry-run applies to kit backfill only.');

  switch (name) {
    case undefined:
    case 'help':
      return 'help';
    case 'export': {
      const [what] = rest;
      noMore(1);
      if (what !== 'contacts' && what !== 'subscribers') {
        throw new UsageError('export needs "contacts" or "subscribers".');
      }
      const format = values.format;
      if (format !== 'csv' && format !== 'json')
        throw new UsageError('--format must be csv or json.');
      const from = since();
      if (values.list !== undefined && what === 'contacts') {
        throw new UsageError('--list applies to subscribers only.');
      }
      const chosen = list();
      return () =>
        inStore(async (store) => {
          if (what === 'contacts') {
            const rows = await exportContactSubmissions(store, { since: from });
            io.stdout(format === 'json' ? json(rows) : toCsv(contactExportColumns, rows));
          } else {
            const rows = await exportSubscribers(store, { since: from, list: chosen });
            io.stdout(format === 'json' ? json(rows) : toCsv(subscriberExportColumns, rows));
          }
        });
    }
    case 'outbox': {
      const [action, id] = rest;
      noMore(2);
      if (action === undefined) {
        return () =>
          inStore(async (store) => {
            const jobs = await listJobs(store, ['pending', 'failed']);
            if (jobs.length === 0) {
              io.stdout('No pending or failed jobs.\n');
              return;
            }
            for (const job of jobs) {
              io.stdout(
                `${job.id}  ${job.kind}  ${job.status}  tries ${job.attempts}  next ${job.next_attempt_at}${job.last_error ? `  last error: ${job.last_error}` : ''}\n`,
              );
            }
            const failed = jobs.filter((job) => job.status === 'failed').length;
            io.stdout(`${jobs.length - failed} pending, ${failed} failed\n`);
          });
      }
      if (action !== 'retry') throw new UsageError(`Unknown outbox action: ${action}`);
      return () =>
        inStore(async (store) => {
          const count = await retryFailedJobs(store, id);
          if (id !== undefined && count === 0) throw new Error(`No failed job with id ${id}.`);
          io.stdout(`${count} failed job${count === 1 ? '' : 's'} queued again.\n`);
        });
    }
    case 'forget': {
      const [email] = rest;
      noMore(1);
      if (!email?.includes('@')) throw new UsageError('forget needs an email address.');
      return () =>
        inStore(async (store) => {
          const erased = await forgetPerson(store, email);
          io.stdout(
            `Erased ${erased.contactSubmissions} contact submission(s), ${erased.subscribers} sign-up(s), ${erased.outboxJobs} outbox job(s).\n`,
          );
        });
    }
    case 'prune': {
      noMore(0);
      const age = values['older-than'] === undefined ? null : parseAge(values['older-than']);
      if (age === null) throw new UsageError('prune needs --older-than AGE, e.g. 365d.');
      return () =>
        inStore(async (store) => {
          const pruned = await pruneOlderThan(store, new Date(now.getTime() - age));
          io.stdout(
            `Deleted ${pruned.contactSubmissions} contact submission(s), ${pruned.subscribers} sign-up(s), ${pruned.outboxJobs} outbox job(s).\n`,
          );
        });
    }
    case 'kit': {
      const [action] = rest;
      noMore(1);
      if (action !== 'backfill') throw new UsageError('kit needs "backfill".');
      const from = since();
      const chosen = list();
      const dryRun = values['dry-run'] ?? false;
      return async () => {
        const lists = chosen ? [chosen] : subscriptionLists;
        // A dry run queues nothing, so it also answers before Kit is set up.
        if (!dryRun) refuseWithoutKit(io.env(), lists);
        await inStore(async (store) => {
          const count = await backfillKitJobs(store, { lists, since: from, dryRun, now });
          const signUps = `${count} sign-up${count === 1 ? '' : 's'}`;
          if (dryRun) {
            io.stdout(`Would queue ${signUps} for Kit (${lists.join(', ')}); queued nothing.\n`);
            return;
          }
          const minutes = Math.ceil((count * kitBackfillSpacingMs) / 60_000);
          io.stdout(
            `Queued ${signUps} for Kit (${lists.join(', ')})${count > 0 ? `; the server sends them one every ${kitBackfillSpacingMs / 1000} s, over about ${minutes} minute${minutes === 1 ? '' : 's'}` : ''}.\n`,
          );
        });
      };
    }
    case 'backup':
    case 'restore': {
      const [path] = rest;
      noMore(1);
      if (!path) throw new UsageError(`${name} needs the path of a backup file.`);
      return async () => {
        const env = io.env();
        if (env.DATABASE_URL) throw new Error(postgresBackups);
        if (name === 'backup') {
          const started = performance.now();
          const copy = await backupSqlite(env.DATA_DIR, path);
          const ms = Math.round(performance.now() - started);
          io.stdout(`Backed up ${described(copy)} to ${copy.path} in ${ms} ms.\n`);
          return;
        }
        const restored = await restoreSqlite(env.DATA_DIR, path, now);
        io.stdout(
          `Restored ${described(restored)} into ${restored.path}.${restored.keptAs ? ` The database it replaced is kept as ${restored.keptAs}.` : ''} Start the server again.\n`,
        );
      };
    }
    case 'stats': {
      noMore(0);
      const since = parseSince(values.since ?? '30d', now);
      if (since === null) throw new UsageError(`--since: not a date or an age: ${values.since}`);
      const by = values.by ?? 'page';
      if (!(funnelDimensions as readonly string[]).includes(by)) {
        throw new UsageError(`--by must be one of ${funnelDimensions.join(', ')}.`);
      }
      const format = values.format ?? 'table';
      if (!(statsFormats as readonly string[]).includes(format)) {
        throw new UsageError(`--format must be one of ${statsFormats.join(', ')}.`);
      }
      return () =>
        inStore(async (store) => {
          const figures = await funnel(store, {
            by: by as FunnelDimension,
            from: utcDay(since),
            to: utcDay(now),
          });
          io.stdout(
            format === 'html'
              ? funnelReport(figures, now)
              : formatFunnel(figures, format as Exclude<StatsFormat, 'html'>),
          );
        });
    }
    default:
      throw new UsageError(`Unknown command: ${name}`);
  }
}

const json = (rows: unknown) => `${JSON.stringify(rows, null, 2)}\n`;

const described = (copy: DatabaseCopy) =>
  `${copy.subscribers} sign-up(s) and ${copy.contactSubmissions} contact submission(s) (${Math.ceil(copy.bytes / 1024)} KiB, integrity ok)`;

const postgresBackups =
  'The database is PostgreSQL (DATABASE_URL): back it up with `pg_dump --format=custom --file=leads.dump "$DATABASE_URL"` and restore with `pg_restore --clean --if-exists --no-owner -d "$DATABASE_URL" leads.dump` (README, "Backups").';

/** A job queued without Kit's key or the list's form would only be parked as failed. */
function refuseWithoutKit(env: LeadsEnv, lists: readonly SubscriptionList[]): void {
  const set = 'where the server reads its settings, restart it, then run this again';
  if (!env.KIT_API_KEY) throw new Error(`KIT_API_KEY is not set: set it ${set}.`);
  const forms = kitFormIds(env);
  const missing = lists.filter((list) => !forms[list]);
  if (missing.length > 0) {
    const names = missing.map((list) => `KIT_FORM_ID_${list.toUpperCase()}`).join(', ');
    throw new Error(
      `${names} not set: set ${missing.length === 1 ? 'it' : 'them'} ${set}, or choose lists with --list.`,
    );
  }
}
