import { existsSync } from 'node:fs';
import { cp, mkdir, rename, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';

/**
 * The owner's working copy of the content (DATA_DIR/content): what the editor in the room reads
 * and writes, and what "Publish" checks and renders. It has the repository's content/ layout and
 * is seeded from it on first start; after that it is the owner's, and a deploy never overwrites it.
 */
export function workingCopyDir(dataDir: string): string {
  return resolve(dataDir, 'content');
}

/**
 * The working copy's directory, seeded from `seedDir` if it does not exist yet. The copy is made
 * beside it and renamed into place, so a crash half-way leaves no half-seeded working copy.
 */
export async function ensureWorkingCopy(dataDir: string, seedDir: string): Promise<string> {
  const dir = workingCopyDir(dataDir);
  if (existsSync(dir)) return dir;
  await mkdir(resolve(dataDir), { recursive: true, mode: 0o700 });
  const partial = join(resolve(dataDir), `.content-seeding-${process.pid}`);
  await rm(partial, { recursive: true, force: true });
  // The JSON Schemas are for editors of the repository's files; the working copy needs none.
  await cp(seedDir, partial, {
    recursive: true,
    filter: (source) => !source.startsWith(join(seedDir, 'schemas')),
  });
  try {
    await rename(partial, dir);
  } catch (error) {
    // Another instance seeded it meanwhile: theirs stands.
    await rm(partial, { recursive: true, force: true });
    if (!existsSync(dir)) throw error;
  }
  return dir;
}

/**
 * The owner's working copy, seeded from `seedDir` (the repository's content/) the first time the
 * editor or the publisher needs it, not at boot: a server whose owners never edit makes none.
 */
export function workingCopyOnFirstUse(dataDir: string, seedDir: string): () => Promise<string> {
  let made: Promise<string> | undefined;
  return () => {
    made ??= ensureWorkingCopy(dataDir, seedDir).catch((error: unknown) => {
      made = undefined;
      throw error;
    });
    return made;
  };
}
