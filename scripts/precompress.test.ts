import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { brotliQuality, precompress } from './precompress';
import { reuseMade } from './render-reuse';

describe('precompress', () => {
  const dirs: string[] = [];
  afterEach(async () => {
    for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
  });
  const tempDir = async () => {
    const dir = await mkdtemp(join(tmpdir(), 'precompress-'));
    dirs.push(dir);
    return dir;
  };

  it('writes .br and .gz that read back as the page, and takes an earlier render\u2019s for the same bytes', async () => {
    const page = `<!doctype html><p>${'The same words on every publish. '.repeat(40)}</p>`;
    const [first, second, made] = [await tempDir(), await tempDir(), await tempDir()];
    for (const dir of [first, second]) await writeFile(join(dir, 'page.html'), page);

    const kinds: string[] = [];
    const counting = (into: string, from: string[]) => {
      const reuse = reuseMade({ into, from, build: 'build-1' });
      return {
        once: <T>(kind: string, inputs: unknown, make: () => Promise<T>) =>
          reuse.once(kind, inputs, () => {
            kinds.push(kind);
            return make();
          }),
      };
    };
    await precompress(first, counting(join(made, 'one'), []));
    await precompress(second, counting(join(made, 'two'), [join(made, 'one')]));

    // Compressed once: the second render took the first one's.
    expect(kinds).toEqual(['compressed']);
    for (const dir of [first, second]) {
      expect(brotliDecompressSync(await readFile(join(dir, 'page.html.br'))).toString()).toBe(page);
      expect(gunzipSync(await readFile(join(dir, 'page.html.gz'))).toString()).toBe(page);
    }
  });

  it('gives a bundle the smallest brotli makes, and a page quality 10 (a third of the time)', async () => {
    const dir = await tempDir();
    // Real words: the sample posts, as a page and as a bundle would carry them.
    const postsDir = join(import.meta.dirname, '../content/posts');
    const posts = await Promise.all(
      (await readdir(postsDir)).map((file) => readFile(join(postsDir, file), 'utf8')),
    );
    const page = `<!doctype html><html lang="en"><body>${posts.map((post) => `<article><p>${post}</p></article>`).join('')}</body></html>`;
    const script = `export const words = ${JSON.stringify(posts)};`;
    await writeFile(join(dir, 'post.html'), page);
    await writeFile(join(dir, 'bundle.js'), script);
    await precompress(dir);

    const at = (quality: number, text: string) =>
      brotliCompressSync(text, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: quality,
          [constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(text),
        },
      });
    const pageBr = await readFile(join(dir, 'post.html.br'));
    expect(brotliDecompressSync(pageBr).toString()).toBe(page);
    expect(pageBr).toEqual(at(10, page));
    expect(await readFile(join(dir, 'bundle.js.br'))).toEqual(
      at(constants.BROTLI_MAX_QUALITY, script),
    );
  });

  it('gives a file over 1 MB (the owner\u2019s editor) quality 10 too, where the best takes seconds', () => {
    expect(brotliQuality('/assets/editor-X.js', 3_120_072)).toBe(10);
    expect(brotliQuality('/assets/page-runtime-X.js', 5_200)).toBe(constants.BROTLI_MAX_QUALITY);
  });
});
