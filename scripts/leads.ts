/**
 * `npm run leads -- …`: the owner's tools (export, outbox, forget, prune, stats, Kit backfill,
 * backup, restore). There is no admin web UI; this works on the server's own database. See
 * scripts/leads/cli.ts for the commands.
 */

import { type Env, parseEnv } from '../server/env';
import { openStore } from '../server/store';
import { runLeadsCli } from './leads/cli';

let env: Env | undefined;
const settings = () => {
  env ??= parseEnv();
  return env;
};

process.exitCode = await runLeadsCli(process.argv.slice(2), {
  env: settings,
  openStore: () => openStore(settings()),
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
});
