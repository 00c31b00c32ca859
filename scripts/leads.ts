/**
 * `npm run leads -- …`: the owner's tools (export, outbox, forget, prune, stats, experiments,
 * posts, Kit backfill, backup, restore, owners). They call the owner's commands the room calls
 * (style principle 16), on the server's own database and build. See scripts/leads/cli.ts for
 * the commands.
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
