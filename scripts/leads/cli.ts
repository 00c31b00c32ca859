import { parseArgs } from 'node:util';
import { type SubscriptionList, subscriptionLists } from '../../contracts/subscription';
import { type FunnelDimension, funnel, funnelDimensions } from '../../server/db/funnel';
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
import type { Store } from '../../server/db/store';
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
  stats [--since WHEN] [--by page|source|day|host] [--format table|csv|json|html]
      The funnel since WHEN (default 30d), in UTC days: page views and visitors counted by the
      server, sign-ups, conversion (sign-ups per visitor), and contact submissions by day or
      host. Default: by page, as a table. --format html prints a self-contained report with a
      chart: npm run leads -- stats --format html > report.html

The database is the server's: DATA_DIR (SQLite) or DATABASE_URL (PostgreSQL), from the
environment or .env.

Exit codes: 0 done, 1 failed, 2 wrong usage.`;

export interface CliIo {
  openStore(): Promise<Store>;
  stdout(text: string): void;
  stderr(text: string): void;
  now?: Date;
}

class UsageError extends Error {}

/** Runs one command of the owner's tool; answers its exit code. */
export async function runLeadsCli(argv: readonly string[], io: CliIo): Promise<number> {
  let command: ((store: Store) => Promise<void>) | 'help';
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
  let store: Store | undefined;
  try {
    store = await io.openStore();
    await command(store);
    return 0;
  } catch (error) {
    io.stderr(`leads: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  } finally {
    await store?.close();
  }
}

function parseCommand(
  argv: readonly string[],
  io: CliIo,
): ((store: Store) => Promise<void>) | 'help' {
  const { values, positionals } = parseArgs({
    args: [...argv],
    allowPositionals: true,
    strict: true,
    options: {
      format: { type: 'string' },
      list: { type: 'string' },
      since: { type: 'string' },
      'older-than': { type: 'string' },
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
      const since = values.since === undefined ? undefined : parseSince(values.since, now);
      if (since === null) throw new UsageError(`--since: not a date or an age: ${values.since}`);
      if (values.list !== undefined && what === 'contacts') {
        throw new UsageError('--list applies to subscribers only.');
      }
      const list = values.list;
      if (list !== undefined && !(subscriptionLists as readonly string[]).includes(list)) {
        throw new UsageError(`--list must be one of ${subscriptionLists.join(', ')}.`);
      }
      return async (store) => {
        if (what === 'contacts') {
          const rows = await exportContactSubmissions(store, { since });
          io.stdout(format === 'json' ? json(rows) : toCsv(contactExportColumns, rows));
        } else {
          const rows = await exportSubscribers(store, {
            since,
            list: list as SubscriptionList | undefined,
          });
          io.stdout(format === 'json' ? json(rows) : toCsv(subscriberExportColumns, rows));
        }
      };
    }
    case 'outbox': {
      const [action, id] = rest;
      noMore(2);
      if (action === undefined) {
        return async (store) => {
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
        };
      }
      if (action !== 'retry') throw new UsageError(`Unknown outbox action: ${action}`);
      return async (store) => {
        const count = await retryFailedJobs(store, id);
        if (id !== undefined && count === 0) throw new Error(`No failed job with id ${id}.`);
        io.stdout(`${count} failed job${count === 1 ? '' : 's'} queued again.\n`);
      };
    }
    case 'forget': {
      const [email] = rest;
      noMore(1);
      if (!email?.includes('@')) throw new UsageError('forget needs an email address.');
      return async (store) => {
        const erased = await forgetPerson(store, email);
        io.stdout(
          `Erased ${erased.contactSubmissions} contact submission(s), ${erased.subscribers} sign-up(s), ${erased.outboxJobs} outbox job(s).\n`,
        );
      };
    }
    case 'prune': {
      noMore(0);
      const age = values['older-than'] === undefined ? null : parseAge(values['older-than']);
      if (age === null) throw new UsageError('prune needs --older-than AGE, e.g. 365d.');
      return async (store) => {
        const pruned = await pruneOlderThan(store, new Date(now.getTime() - age));
        io.stdout(
          `Deleted ${pruned.contactSubmissions} contact submission(s), ${pruned.subscribers} sign-up(s), ${pruned.outboxJobs} outbox job(s).\n`,
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
      return async (store) => {
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
      };
    }
    default:
      throw new UsageError(`Unknown command: ${name}`);
  }
}

const json = (rows: unknown) => `${JSON.stringify(rows, null, 2)}\n`;
