import { parseArgs } from 'node:util';
import type { Store } from '../../server/db/store';
import { applicationsCli } from './commands/applications';
import { backupCli, restoreCli } from './commands/backup';
import {
  type CliIo,
  type LeadsCommand,
  type LeadsOptions,
  UsageError,
  type Work,
} from './commands/command';
import { experimentsCli } from './commands/experiments';
import { exportCli } from './commands/export';
import { forgetCli } from './commands/forget';
import { kitCli } from './commands/kit';
import { outboxCli } from './commands/outbox';
import { ownerCli } from './commands/owner';
import { postsCli } from './commands/posts';
import { pruneCli } from './commands/prune';
import { statsCli } from './commands/stats';
import { workshopCli } from './commands/workshop';

export type { CliIo, LeadsEnv } from './commands/command';

/** Every command, in the order the usage lists them. */
const commands: readonly LeadsCommand[] = [
  exportCli,
  outboxCli,
  forgetCli,
  pruneCli,
  kitCli,
  backupCli,
  restoreCli,
  statsCli,
  experimentsCli,
  ownerCli,
  postsCli,
  workshopCli,
  applicationsCli,
];

/**
 * Every command's options, for parseArgs must know them all before it can tell which command
 * it is: a command reads its own and, as it always has, passes over the others.
 */
const options: LeadsOptions = { help: { type: 'boolean' } };
for (const command of commands) Object.assign(options, command.options);

export const usage = `Usage: npm run leads -- <command> [options]

Commands:
${commands.map((command) => command.usage).join('\n')}

The database is the server's: DATA_DIR (SQLite) or DATABASE_URL (PostgreSQL), from the
environment or .env.

Exit codes: 0 done, 1 failed, 2 wrong usage.`;

/** Runs one command of the owner's tool; answers its exit code. */
export async function runLeadsCli(argv: readonly string[], io: CliIo): Promise<number> {
  let work: Work | 'help';
  try {
    work = parseCommand(argv);
  } catch (error) {
    // parseArgs reports unknown options and missing values as TypeErrors.
    if (!(error instanceof UsageError) && !(error instanceof TypeError)) throw error;
    io.stderr(`${error.message}\n\n${usage}\n`);
    return 2;
  }
  if (work === 'help') {
    io.stdout(`${usage}\n`);
    return 0;
  }
  let store: Promise<Store> | undefined;
  try {
    try {
      await work({ io, now: io.now ?? new Date(), store: () => (store ??= io.openStore()) });
    } finally {
      if (store) await (await store).close();
    }
    return 0;
  } catch (error) {
    // Input only the command's run can judge (a period against today) is wrong usage too.
    if (error instanceof UsageError) {
      io.stderr(`${error.message}\n\n${usage}\n`);
      return 2;
    }
    io.stderr(`leads: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
}

function parseCommand(argv: readonly string[]): Work | 'help' {
  const { values, positionals } = parseArgs({
    args: [...argv],
    allowPositionals: true,
    strict: true,
    options,
  });
  const [name, ...words] = positionals;
  if (values.help) return 'help';
  const command = commands.find((candidate) => candidate.name === name);
  // Passed over, --dry-run would do for real what the owner meant to rehearse.
  if (values['dry-run'] && !command?.options?.['dry-run']) {
    const takers = commands.filter((taker) => taker.options?.['dry-run']).map(({ name }) => name);
    throw new UsageError(`--dry-run applies to ${takers.join(', ')} only.`);
  }
  if (name === undefined || name === 'help') return 'help';
  if (!command) throw new UsageError(`Unknown command: ${name}`);
  return command.parse({ words, options: values });
}
