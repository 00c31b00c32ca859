/**
 * Adds to package-lock.json the entries of other platforms' optional native packages (Biome's
 * and Tailwind's binaries for macOS, Windows, musl, …) that the registry mirror reachable here
 * does not serve. npm cannot record what it cannot fetch, and `npm ci` then refuses the lock as
 * "not in sync". The added entries carry os/cpu/libc, so every platform skips them exactly as it
 * would skip a normally recorded optional package of another platform.
 *
 * Run after `npm install` changes the lock: `npx tsx scripts/lockfile-platforms.ts`.
 * See docs/decisions/006-lockfile-platform-entries.md.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { startedAsScript } from './started-as-script';

interface LockEntry {
  version?: string;
  dev?: boolean;
  optional?: boolean;
  os?: string[];
  cpu?: string[];
  libc?: string[];
  optionalDependencies?: Record<string, string>;
}

const oses = [
  'darwin',
  'win32',
  'linux',
  'android',
  'freebsd',
  'openbsd',
  'netbsd',
  'sunos',
  'aix',
];
const cpus = ['arm64', 'x64', 'ia32', 'arm', 'wasm32', 'riscv64', 'ppc64', 's390x', 'loong64'];

/** Platform fields from a binary package's name, e.g. "cli-linux-x64-musl". */
export function platformOf(name: string): Pick<LockEntry, 'os' | 'cpu' | 'libc'> {
  const parts = name.split('/').pop()?.split('-') ?? [];
  const os = oses.find((candidate) => parts.includes(candidate));
  const cpu =
    cpus.find((candidate) => parts.includes(candidate)) ??
    (parts.includes('gnueabihf') ? 'arm' : undefined);
  const platform: Pick<LockEntry, 'os' | 'cpu' | 'libc'> = {};
  if (os) platform.os = [os];
  if (cpu) platform.cpu = [cpu];
  if (parts.includes('musl')) platform.libc = ['musl'];
  else if (os === 'linux' && (parts.includes('gnu') || parts.includes('gnueabihf')))
    platform.libc = ['glibc'];
  return platform;
}

function main() {
  const path = resolve(import.meta.dirname, '../package-lock.json');
  const lock = JSON.parse(readFileSync(path, 'utf8')) as { packages: Record<string, LockEntry> };
  const added: string[] = [];
  for (const [location, entry] of Object.entries(lock.packages)) {
    for (const [name, range] of Object.entries(entry.optionalDependencies ?? {})) {
      const nested = `${location}/node_modules/${name}`;
      const hoisted = `node_modules/${name}`;
      if (lock.packages[nested] || lock.packages[hoisted]) continue;
      const platform = platformOf(name);
      if (!platform.os && !platform.cpu) continue;
      lock.packages[hoisted] = {
        version: range.replace(/^[\^~=]/, ''),
        ...(entry.dev ? { dev: true } : {}),
        optional: true,
        ...platform,
      };
      added.push(name);
    }
  }
  lock.packages = Object.fromEntries(
    Object.entries(lock.packages).sort(([a], [b]) =>
      a === '' ? -1 : b === '' ? 1 : a.localeCompare(b),
    ),
  );
  writeFileSync(path, `${JSON.stringify(lock, null, 2)}\n`);
  console.log(
    added.length > 0
      ? `Added ${added.length} platform entries: ${added.join(', ')}`
      : 'Lock already complete.',
  );
}

if (startedAsScript(import.meta)) main();
