import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

const compressible = /\.(html|js|mjs|css|svg|json|txt|xml|webmanifest)$/;

/** Writes NAME.br and NAME.gz beside every compressible file (when smaller), once, at build. */
export async function precompress(dir: string): Promise<number> {
  let count = 0;
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !compressible.test(entry.name)) continue;
    const path = join(entry.parentPath, entry.name);
    const source = await readFile(path);
    if ((await stat(path)).size < 256) continue;
    const [br, gzipped] = await Promise.all([
      brotli(source, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
        },
      }),
      gz(source, { level: 9 }),
    ]);
    if (br.length < source.length) await writeFile(`${path}.br`, br);
    if (gzipped.length < source.length) await writeFile(`${path}.gz`, gzipped);
    count++;
  }
  return count;
}
