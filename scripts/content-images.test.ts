import { cpSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import type { Content } from '../contracts/content';
import { loadContent } from '../contracts/content/load';
import { resolveContentImages } from './content-images';

/**
 * The build's reader of pictures (content-images.ts) holds a hand-edited content/ to the same
 * rules as the editor's save: a drawing that carries script stops the build, naming the file and
 * field; an editor program's leftovers are dropped from what is served; and a `src` that leads
 * out of content/images/ reads nothing, even if it got past the schema.
 */
const root = resolve(import.meta.dirname, '..');
const work = mkdtempSync(join(tmpdir(), 'content-images-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

let dir: string;
let content: Content;
beforeEach(async () => {
  dir = mkdtempSync(join(work, 'content-'));
  cpSync(join(root, 'content'), dir, { recursive: true });
  content = await loadContent(dir);
});

/** The book card's artwork (content/book.yaml, preOrder.card.art). */
const artOf = (of: Content) => of.book.preOrder.card.art as { src: string; alt: string };
const resolveAll = () => resolveContentImages(content, dir, { variants: false });
const problemsOf = async () => {
  const error = await resolveAll().then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  return (error as { problems?: unknown } | undefined)?.problems;
};

describe('the build’s pictures', () => {
  it('stops at a hand-edited drawing that carries script, naming the file and field', async () => {
    writeFileSync(
      join(dir, 'images/book-cover.svg'),
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 4 4"><x:script xmlns:x="http://www.w3.org/2000/svg">alert(1)</x:script></svg>',
    );
    expect(await problemsOf()).toContainEqual({
      file: 'content/book.yaml',
      line: expect.any(Number),
      path: 'preOrder.card.art.src',
      message: expect.stringMatching(
        /^image "book-cover\.svg" is an SVG with scripts, event handlers or outside links.*<x:script>/,
      ),
    });
  });

  it('serves a drawing without what an editor program left in it', async () => {
    writeFileSync(
      join(dir, 'images/book-cover.svg'),
      '<svg xmlns="http://www.w3.org/2000/svg" xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape" viewBox="0 0 4 4"><rect inkscape:label="cover" width="4" height="4"/></svg>',
    );
    const { files } = await resolveAll();
    const cover = files.find((file) => file.fileName.startsWith('book-cover-'));
    expect(cover?.source.toString('utf8')).toBe(
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 4 4"><rect width="4" height="4"/></svg>',
    );
  });

  it('reads nothing outside content/images/, whatever a src says', async () => {
    writeFileSync(
      join(dir, 'outside.svg'),
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 4 4"/>',
    );
    symlinkSync(join(dir, 'outside.svg'), join(dir, 'images/link.svg'));
    for (const src of [
      '../outside.svg',
      'people/../../outside.svg',
      `${dir}/outside.svg`,
      'link.svg',
    ]) {
      artOf(content).src = src;
      expect(await problemsOf(), src).toContainEqual(
        expect.objectContaining({
          path: 'preOrder.card.art.src',
          message: `image "${src}" is not a file inside content/images/`,
        }),
      );
    }
  });
});
