/**
 * The site as the benchmarks see it: a server as `npm start` runs it, on a database of its own,
 * and an earlier commit checked out beside this one, to be served beside it in the same session
 * (scripts/lighthouse.ts, scripts/bench-screens.ts).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { canonicalUrl, type PageId } from '../contracts/routes';
import { siteOrigins } from '../contracts/sites';
import { sampleTags } from '../e2e/sample-tags';
import { buildPaths } from '../server/build-paths';
import { namedHosts, parseEnv } from '../server/env';
import { startServerProcess } from '../server/testing/server-process';

/**
 * A server of the site as `npm start` runs it (it rebuilds only if the build was made with other
 * public settings), with the analytics and pixel IDs set, on a database of its own; `root` is
 * another checkout (see checkOutBase).
 */
export const serveSite = (port: number, root?: string) =>
  startServerProcess(
    {
      PORT: String(port),
      LOG_LEVEL: 'info', // production's default: one log line per request
      DATA_DIR: mkdtempSync(join(tmpdir(), `founder-site-bench-${port}-`)),
      ...sampleTags,
    },
    'scripts/start.ts',
    root,
  );

/** A commit checked out beside this one (its own build), sharing node_modules. */
export function checkOutBase(commit: string): string {
  const sha = execFileSync('git', ['rev-parse', '--short', commit], { encoding: 'utf8' }).trim();
  const dir = join(tmpdir(), `founder-site-base-${sha}`);
  if (!existsSync(dir)) {
    execFileSync('git', ['worktree', 'add', '--detach', dir, sha], { stdio: 'ignore' });
    symlinkSync(join(buildPaths.root, 'node_modules'), join(dir, 'node_modules'));
  }
  console.error(`Comparing with ${commit} (${sha}), checked out in ${dir}`);
  return dir;
}

/** Each page at its canonical host and path on a local server (the 404 page at a made-up path). */
export function pageUrl(page: PageId, port: number): string {
  const origins = siteOrigins(`http://localhost:${port}`, namedHosts(parseEnv({})));
  return canonicalUrl(page, origins) ?? `${origins.main}/no-such-page`;
}
