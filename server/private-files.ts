import { chmodSync, closeSync, mkdirSync, openSync, readFileSync, writeFileSync } from 'node:fs';

/**
 * The data directory and what is in it (the SQLite database, the IP hash key) are for this
 * server's user alone: a directory of 0700 and files of 0600, whatever the umask. A directory
 * that exists already is tightened too, since an older version made it with the umask's mode.
 */
export function ensurePrivateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  chmodSync(dir, 0o700);
}

/** Creates `path` empty with mode 0600 if it is missing, and tightens it if it is not. */
export function ensurePrivateFile(path: string): void {
  closeSync(openSync(path, 'a', 0o600));
  chmodSync(path, 0o600);
}

/**
 * Reads `path`, or, if it does not exist, writes `make()` to it (0600) and reads that. Creating
 * with O_EXCL means two processes starting together agree on one value: the loser reads the
 * winner's file.
 */
export function readOrCreatePrivateFile(path: string, make: () => string): string {
  try {
    writeFileSync(path, make(), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  chmodSync(path, 0o600);
  return readFileSync(path, 'utf8').trim();
}
