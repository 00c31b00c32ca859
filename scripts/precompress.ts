import { createHash } from 'node:crypto';
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { mapAtMost } from '../src/content/map-at-most';
import { makeEverything, type Reuse } from '../src/content/reuse';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

const compressible = /\.(html|js|mjs|css|svg|json|txt|xml|webmanifest)$/;

/**
 * Writes NAME.br and NAME.gz beside every compressible file (when smaller): at build, and on each
 * publish. Brotli takes ~10 ms for a page (`brotliQuality`), much of a publish's time with a
 * hundred of the owner's pages; with `reuse` (scripts/render-reuse.ts) a file whose bytes an
 * earlier render compressed is not compressed again.
 */
export async function precompress(dir: string, reuse: Reuse = makeEverything): Promise<number> {
  return precompressFiles(await compressibleFiles(dir), reuse);
}

/** Every file under `dir` that precompress would compress. */
export async function compressibleFiles(dir: string): Promise<string[]> {
  const paths: string[] = [];
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile() && compressible.test(entry.name))
      paths.push(join(entry.parentPath, entry.name));
  }
  return paths;
}

/** Compresses these files as `precompress` does; answers how many it compressed. */
export async function precompressFiles(
  paths: readonly string[],
  reuse: Reuse = makeEverything,
): Promise<number> {
  // zlib compresses on libuv's threads: as many files at once as its pool runs by default.
  const compressed = await mapAtMost(paths, 4, (path) => compressOne(path, reuse));
  return compressed.filter(Boolean).length;
}

/**
 * Brotli's best (quality 11) costs about three times quality 10 for 1–3% fewer bytes. Pages take
 * 10: they are made again on every publish, and with an archive of 500 posts the best took 10 s
 * of a build (the sample site's 40 pages: 121,022 bytes against 117,921; a post of 21.8 KB in
 * 8 ms against 21 ms). So does a file over 1 MB, where the best takes seconds: the owner's editor
 * (3.1 MB: 727 KB in 3.5 s against 718 KB in 6.9 s). The visitors' bundles take the best.
 */
export function brotliQuality(path: string, bytes: number): number {
  return path.endsWith('.html') || bytes > 1_000_000 ? 10 : constants.BROTLI_MAX_QUALITY;
}

async function compressOne(path: string, reuse: Reuse): Promise<boolean> {
  const source = await readFile(path);
  if ((await stat(path)).size < 256) return false;
  const sha256 = createHash('sha256').update(source).digest('base64url');
  const quality = brotliQuality(path, source.length);
  const [br, gzipped] = await reuse.once('compressed', { sha256, quality }, () =>
    Promise.all([
      brotli(source, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: quality,
          [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
        },
      }),
      gz(source, { level: 9 }),
    ]),
  );
  if (br.length < source.length) await writeFile(`${path}.br`, br);
  if (gzipped.length < source.length) await writeFile(`${path}.gz`, gzipped);
  return true;
}
