import { createHash } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { deserialize, serialize } from 'node:v8';
import type { Reuse } from '../src/content/reuse';

/**
 * The slow parts of a render (share cards, PDFs, photo variants, the pictures' review: most of a
 * publish's time) come out the same from the same inputs, and a publish changes a few words. So
 * each render keeps what it made under its out directory's made/, named by a hash of the inputs
 * and of the build, and the next render takes from there what it would make the same
 * (docs/decisions/019-publish.md): a publish that changes one headline draws one card again.
 *
 * The build is part of every name, so after a deploy nothing made by other code is taken. Each
 * made/ holds only what its own render used, so it never grows past one site's worth, and it
 * goes when its render goes.
 */
export function reuseMade({
  into,
  from,
  build,
}: {
  /** This render's made/. */
  into: string;
  /** Earlier renders' made/ directories, most likely first; missing ones are passed over. */
  from: readonly string[];
  /** The build the render runs on: its build-info.json, which each build writes anew. */
  build: string;
}): Reuse {
  /** An earlier render's result by name; a removed render or a file cut short counts as none. */
  async function earlier(name: string): Promise<{ bytes: Buffer; value: unknown } | undefined> {
    for (const dir of from) {
      try {
        const bytes = await readFile(join(dir, name));
        return { bytes, value: deserialize(bytes) };
      } catch {
        // Removed meanwhile, or cut short: the next place, or made again.
      }
    }
    return undefined;
  }
  let ready: Promise<unknown> | undefined;
  return {
    async once<T>(kind: string, inputs: unknown, make: () => Promise<T>): Promise<T> {
      const name = `${kind}-${createHash('sha256')
        .update(build)
        .update('\0')
        .update(JSON.stringify(inputs))
        .digest('base64url')}`;
      const found = await earlier(name);
      const value = found ? (found.value as T) : await make();
      ready ??= mkdir(into, { recursive: true });
      await ready;
      await writeFile(join(into, name), found?.bytes ?? serialize(value));
      return value;
    },
  };
}
