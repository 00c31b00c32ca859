/**
 * `npm start`: build when the build is missing, older than the sources (the content included), or
 * made with another public configuration; then serve. Content that does not fit stops the build
 * before it touches dist/: the problems are printed and the last good build, if any, is served.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { buildPaths } from '../server/build-paths';
import { EnvError, parseEnv } from '../server/env';
import { configFingerprint } from './build-info';
import { invalidContentExitCode } from './content-dir';

async function newestMtime(path: string): Promise<number> {
  if (!existsSync(path)) return 0;
  const info = await stat(path);
  if (!info.isDirectory()) return info.mtimeMs;
  let newest = info.mtimeMs;
  for (const entry of await readdir(path, { recursive: true, withFileTypes: true })) {
    if (entry.isFile())
      newest = Math.max(newest, (await stat(join(entry.parentPath, entry.name))).mtimeMs);
  }
  return newest;
}

async function staleReason(): Promise<string | null> {
  if (!existsSync(buildPaths.info)) return 'no build yet';
  const info = JSON.parse(readFileSync(buildPaths.info, 'utf8')) as { config?: string };
  if (info.config !== configFingerprint(parseEnv())) return 'the public configuration changed';
  const builtAt = statSync(buildPaths.info).mtimeMs;
  const newest = Math.max(...(await Promise.all(buildPaths.sources.map(newestMtime))));
  return newest > builtAt ? 'sources changed since the last build' : null;
}

try {
  const reason = await staleReason();
  if (reason) {
    console.log(`Building (${reason})…`);
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/build.ts'], {
      cwd: buildPaths.root,
      stdio: 'inherit',
    });
    if (result.status === invalidContentExitCode && existsSync(buildPaths.info)) {
      console.error('Serving the last good build until the content is fixed.');
    } else if (result.status !== 0) {
      process.exit(result.status ?? 1);
    }
  }
} catch (error) {
  if (error instanceof EnvError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

await import('../server/index');
