import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildPaths } from '../../../build-paths';
import { type Review, reviewUpdate } from './review';

/**
 * A post saved in the editor leaves with an id of its own, the key of its newsletter
 * (docs/decisions/028-writing.md): kept through a rename, never taken from another post by a
 * copy or a paste, and, for a post from before ids, its file name, the key its newsletter has.
 */
let contentDir: string;
beforeEach(() => {
  contentDir = mkdtempSync(join(tmpdir(), 'post-ids-'));
  cpSync(join(buildPaths.root, 'content'), contentDir, { recursive: true });
});
afterEach(() => rmSync(contentDir, { recursive: true, force: true }));

const base64 = (text: string) => Buffer.from(text).toString('base64');
const seedText = () => readFileSync(join(contentDir, 'posts/the-first-hire.md'), 'utf8');
const idOf = (text: string) => /^id: (.+)$/m.exec(text)?.[1];
const withId = (text: string, id: string | null) =>
  id === null ? text.replace(/^id: .+\n/m, '') : text.replace(/^id: .+$/m, `id: ${id}`);
const seedId = () => idOf(seedText()) ?? '';

/** What the save writes for each post, by path: its id. */
async function idsSaved(
  additions: Array<{ path: string; text: string }>,
  deletions: string[] = [],
): Promise<Record<string, string | undefined>> {
  const review: Review = await reviewUpdate(
    {
      additions: additions.map(({ path, text }) => ({ path, contents: base64(text) })),
      deletions: deletions.map((path) => ({ path })),
    },
    contentDir,
  );
  if ('problem' in review) throw new Error(review.problem);
  return Object.fromEntries(
    review.update.additions.map(({ path, contents }) => [
      path,
      idOf(Buffer.from(contents, 'base64').toString('utf8')),
    ]),
  );
}

describe("a post's id at Save", () => {
  it('a renamed post keeps its id, so its newsletter is not sent again', async () => {
    const id = seedId();
    expect(
      await idsSaved(
        [{ path: 'posts/hire-who-replaces-you.md', text: seedText() }],
        ['posts/the-first-hire.md'],
      ),
    ).toEqual({ 'posts/hire-who-replaces-you.md': id });
  });

  it('a post from before ids takes its file name, renamed or not', async () => {
    writeFileSync(join(contentDir, 'posts/the-first-hire.md'), withId(seedText(), null));
    const untouched = withId(seedText(), null);
    expect(await idsSaved([{ path: 'posts/the-first-hire.md', text: untouched }])).toEqual({
      'posts/the-first-hire.md': 'the-first-hire',
    });
    expect(
      await idsSaved(
        [{ path: 'posts/hire-who-replaces-you.md', text: untouched }],
        ['posts/the-first-hire.md'],
      ),
    ).toEqual({ 'posts/hire-who-replaces-you.md': 'the-first-hire' });
  });

  it("a duplicated post gets an id of its own, and a paste does not take another post's", async () => {
    const id = seedId();
    const copy = await idsSaved([{ path: 'posts/the-first-hire-2.md', text: seedText() }]);
    expect(copy['posts/the-first-hire-2.md']).toMatch(/^[0-9a-f]{8}-[0-9a-f-]{27}$/);
    expect(copy['posts/the-first-hire-2.md']).not.toBe(id);
    const pasted = readFileSync(join(contentDir, 'posts/a-week-without-you.md'), 'utf8');
    const own = idOf(pasted);
    expect(
      await idsSaved([{ path: 'posts/a-week-without-you.md', text: withId(pasted, id) }]),
    ).toEqual({ 'posts/a-week-without-you.md': own });
  });

  it('a new post keeps the id the editor made for it', async () => {
    const made = '0b7f5e7c-2d4e-4c55-9a0e-3f1f6f0c9b21';
    expect(
      await idsSaved([{ path: 'posts/a-new-post.md', text: withId(seedText(), made) }]),
    ).toEqual({ 'posts/a-new-post.md': made });
  });
});
