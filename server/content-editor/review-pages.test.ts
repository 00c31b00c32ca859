import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseDocument } from 'yaml';
import { buildPaths } from '../build-paths';
import { type Review, reviewUpdate } from './review';

/**
 * A save that makes, renames or deletes an owner's page (content/pages/<slug>.yaml) is checked
 * with the rest of the content as it would leave it: two pages on one path, or a redirect away
 * from a page, are refused with the file, line and field, and the editor's place of the field.
 * A page may be deleted; no other content file may.
 */
const contentDir = mkdtempSync(join(tmpdir(), 'review-pages-'));
cpSync(join(buildPaths.root, 'content'), contentDir, { recursive: true });
afterAll(() => rmSync(contentDir, { recursive: true, force: true }));

const press = readFileSync(join(contentDir, 'pages/press.yaml'), 'utf8');
const base64 = (text: string) => Buffer.from(text).toString('base64');

function pageAt(path: string, name = 'Speaking'): string {
  const document = parseDocument(press);
  document.setIn(['name'], name);
  document.setIn(['path'], path);
  return String(document);
}

const review = (
  additions: Array<{ path: string; text: string }>,
  deletions: string[] = [],
): Promise<Review> =>
  reviewUpdate(
    {
      additions: additions.map(({ path, text }) => ({ path, contents: base64(text) })),
      deletions: deletions.map((path) => ({ path })),
    },
    contentDir,
  );

describe('saving an owner page', () => {
  it('writes a new page on a free path', async () => {
    const result = await review([{ path: 'pages/speaking.yaml', text: pageAt('/talks') }]);
    expect('update' in result && result.update.additions.map(({ path }) => path)).toEqual([
      'pages/speaking.yaml',
    ]);
  });

  it('refuses a new page on the path of another, saying where to change it', async () => {
    const result = await review([{ path: 'pages/speaking.yaml', text: pageAt('/press') }]);
    expect(result).toEqual({
      status: 422,
      problem: [
        'Not saved: the site would not build with this content.',
        // Line 3 of the file as the save writes it (a new page starts without the comments).
        '  content/pages/speaking.yaml:3 path: "/press" is already the path of the page "press" on the main site; choose another (in the editor: Pages › Path)',
      ].join('\n'),
    });
  });

  it('allows the same path when the other page goes in the same save (a rename)', async () => {
    const result = await review(
      [{ path: 'pages/press-kit.yaml', text: pageAt('/press', 'Press kit') }],
      ['pages/press.yaml'],
    );
    expect('update' in result && result.update).toEqual({
      additions: [expect.objectContaining({ path: 'pages/press-kit.yaml' })],
      deletions: [{ path: 'pages/press.yaml' }],
    });
  });

  it("names a refused field inside a block by the block's kind, as the editor lists it", async () => {
    const document = parseDocument(pageAt('/talks'));
    document.setIn(['blocks', 1, 'value', 'heading'], '');
    document.setIn(['blocks', 4, 'value', 'items', 0, 'question'], 'Two\nlines');
    const result = await review([{ path: 'pages/speaking.yaml', text: String(document) }]);
    const problem = 'problem' in result ? result.problem : '';
    expect(problem).toContain('(in the editor: Pages › Blocks › item 2 › Text › Heading)');
    expect(problem).toContain(
      '(in the editor: Pages › Blocks › item 5 › FAQ › Items › item 1 › Question)',
    );
  });

  it('refuses site settings that redirect a page\u2019s path away', async () => {
    const site = parseDocument(readFileSync(join(contentDir, 'site.yaml'), 'utf8'));
    site.setIn(['redirects'], [{ site: 'main', from: '/press', to: '/', kind: 'temporary' }]);
    const result = await review([{ path: 'site.yaml', text: String(site) }]);
    expect('problem' in result && result.problem).toContain(
      'content/pages/press.yaml:5 path: "/press" is redirected elsewhere by the site settings (Site › Redirects › item 1)',
    );
  });

  it('deletes a page, and never another content file or a picture', async () => {
    const result = await review([], ['pages/press.yaml', 'site.yaml', 'images/portrait.svg']);
    expect('update' in result && result.update.deletions).toEqual([{ path: 'pages/press.yaml' }]);
  });

  it('refuses a page file whose name cannot be a page\u2019s', async () => {
    for (const path of ['pages/Press.yaml', 'pages/../site.yaml', 'pages/a/b.yaml', 'pages/x.md']) {
      const result = await review([{ path, text: pageAt('/talks') }]);
      expect(result, path).toMatchObject({ status: 400 });
    }
  });
});
