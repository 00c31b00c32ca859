/**
 * `npm run leads -- …`: the owner's tools (export, outbox, forget, prune, stats). There is no
 * admin web UI; this works on the server's own database. See scripts/leads/cli.ts for the
 * commands.
 */
import { openStore } from '../server/db/store';
import { parseEnv } from '../server/env';
import { runLeadsCli } from './leads/cli';

process.exitCode = await runLeadsCli(process.argv.slice(2), {
  openStore: () => openStore(parseEnv()),
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
});
