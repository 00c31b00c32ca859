import { randomUUID } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseDocument } from 'yaml';
import { buildPaths } from '../../../build-paths';
import { base64, reviewSaveIn } from './fixture';
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

function pageAt(path: string, name = 'Speaking'): string {
  const document = parseDocument(press);
  document.setIn(['name'], name);
  document.setIn(['path'], path);
  return String(document);
}

const review = reviewSaveIn(contentDir);

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
    // A page the menus do not name (the press page they do is kept: below).
    writeFileSync(join(contentDir, 'pages/old-talk.yaml'), pageAt('/old-talk'));
    try {
      const result = await review([], ['pages/old-talk.yaml', 'site.yaml', 'images/portrait.svg']);
      expect('update' in result && result.update.deletions).toEqual([
        { path: 'pages/old-talk.yaml' },
      ]);
    } finally {
      rmSync(join(contentDir, 'pages/old-talk.yaml'));
    }
  });

  it('refuses a button that a browser would take to another site (docs/decisions/026-owner-pages.md)', async () => {
    const document = parseDocument(pageAt('/talks'));
    document.setIn(['blocks', 0, 'value', 'cta', 'href'], '/\\evil.example');
    const result = await review([{ path: 'pages/speaking.yaml', text: String(document) }]);
    expect(result).toMatchObject({ status: 422 });
    expect('problem' in result && result.problem).toMatch(
      /content\/pages\/speaking\.yaml:\d+ blocks\[0\]\.value\.cta\.href: expected an address starting with https:\/\/ or a path starting with a single \//,
    );
  });

  it('refuses a page file whose name cannot be a page\u2019s', async () => {
    for (const path of ['pages/Press.yaml', 'pages/../site.yaml', 'pages/a/b.yaml', 'pages/x.md']) {
      const result = await review([{ path, text: pageAt('/talks') }]);
      expect(result, path).toMatchObject({ status: 400 });
    }
  });
});

/**
 * The main site's menus (content/site.yaml `navigation`) name only what the main site answers:
 * Save refuses a menu item no page answers, and deleting or moving a page the menu names, unless
 * a redirect from its old path comes with it (docs/decisions/024-redirects.md).
 */
describe('saving the menus, or a page they name', () => {
  const siteYaml = readFileSync(join(contentDir, 'site.yaml'), 'utf8');
  const problemOf = (result: Review) => ('problem' in result ? result.problem : '');
  const lineOf = (text: string, needle: string) =>
    text.split('\n').findIndex((line) => line.endsWith(needle)) + 1;
  const menuProblem = (list: 'primary' | 'footer', line: number, href = '/press') =>
    `  content/site.yaml:${line} navigation.${list}[1].href: the menu item "Press" links "${href}", which no page of the main site answers: expected the path of a page, one of your pages, the writing, a tag or a post (or a redirect from it) (in the editor: Site › Navigation › ${list === 'primary' ? 'Header menu' : 'Footer menu'} › item 2 › Href)`;

  it('refuses a menu item that no page answers, at its line and its place in the editor', async () => {
    // The header's Press item, the first of the two (the save keeps the file's own wording).
    const text = siteYaml.replace('href: /press\n', 'href: /pres\n');
    const result = await review([{ path: 'site.yaml', text }]);
    expect(result).toEqual({
      status: 422,
      problem: [
        'Not saved: the site would not build with this content.',
        menuProblem('primary', lineOf(text, 'href: /pres'), '/pres'),
      ].join('\n'),
    });
  });

  it('refuses deleting the page the menus name, naming the menu items', async () => {
    const result = await review([], ['pages/press.yaml']);
    expect(result).toEqual({
      status: 422,
      problem: [
        'Not saved: the site would not build with this content.',
        menuProblem('primary', lineOf(siteYaml, 'href: /press')),
        menuProblem(
          'footer',
          siteYaml.split('\n').findLastIndex((line) => line.endsWith('href: /press')) + 1,
        ),
      ].join('\n'),
    });
  });

  it('refuses moving it to another path, and moves it with a redirect from the old one', async () => {
    const moved = { path: 'pages/press.yaml', text: pageAt('/press-kit', 'Press kit') };
    expect(problemOf(await review([moved]))).toContain(
      'navigation.primary[1].href: the menu item "Press" links "/press", which no page of the main site answers',
    );
    const site = parseDocument(siteYaml);
    site.addIn(['redirects'], {
      site: 'main',
      from: '/press',
      to: '/press-kit',
      kind: 'permanent',
    });
    const result = await review([moved, { path: 'site.yaml', text: String(site) }]);
    expect('update' in result && result.update.additions.map(({ path }) => path)).toEqual([
      'pages/press.yaml',
      'site.yaml',
    ]);
  });
});

/**
 * The seed's pages keep their places (docs/decisions/026-owner-pages.md): a save that would put an
 * owner's page or a redirect where a seed page answers canonically — "/" of the waitlist's and
 * the book's sites, the writing's index, a tag's page, a post — is refused with the file, line and
 * field, and the editor's place of the field.
 */
describe('saving a page or a redirect where a seed page answers', () => {
  const siteYaml = readFileSync(join(contentDir, 'site.yaml'), 'utf8');
  const firstHire = readFileSync(join(contentDir, 'posts/the-first-hire.md'), 'utf8');

  /**
   * The site settings with these redirects in place of their own, at the file's end as on disk:
   * the save keeps the file's wording, so a line of this text is a line of the file it writes.
   */
  const siteWith = (...redirects: Array<{ site?: string; from: string }>) =>
    `${siteYaml.slice(0, siteYaml.indexOf('\nredirects:'))}\nredirects:\n${redirects
      .map(
        ({ site = 'main', from }) =>
          `  - site: ${site}\n    from: ${from}\n    to: https://example.com/\n    kind: temporary\n`,
      )
      .join('')}`;
  const problemOf = (result: Review) => ('problem' in result ? result.problem : '');
  const lineOf = (text: string, needle: string) =>
    text.split('\n').findIndex((line) => line.endsWith(needle)) + 1;

  it.each(['waitlist', 'book'])('refuses a page at "/" of the %s site', async (site) => {
    const page = parseDocument(pageAt('/'));
    page.setIn(['site'], site);
    const result = await review([{ path: 'pages/launch.yaml', text: String(page) }]);
    expect(result).toMatchObject({ status: 422 });
    expect(problemOf(result)).toContain(
      `content/pages/launch.yaml:3 path: "/" is already a page of the ${site} site (contracts/routes.ts); choose another path (in the editor: Pages › Path)`,
    );
  });

  it.each(['waitlist', 'book'])('refuses a redirect from "/" of the %s site', async (site) => {
    const text = siteWith({ site, from: '/' });
    const result = await review([{ path: 'site.yaml', text }]);
    expect(result).toMatchObject({ status: 422 });
    expect(problemOf(result)).toContain(
      `content/site.yaml:${lineOf(text, 'from: /')} redirects[0].from: / is a page of the ${site} site: a redirect from it would hide the page`,
    );
  });

  it('refuses a redirect from the writing’s index, a tag’s page or a post', async () => {
    const text = siteWith(
      { from: '/cheatcodes' },
      { from: '/cheatcodes/tags/hiring' },
      { from: '/cheatcodes/the-first-hire' },
    );
    const result = await review([{ path: 'site.yaml', text }]);
    expect(result).toEqual({
      status: 422,
      problem: [
        'Not saved: the site would not build with this content.',
        `  content/site.yaml:${lineOf(text, 'from: /cheatcodes')} redirects[0].from: /cheatcodes is the writing's index: a redirect from it would hide the page (in the editor: Site › Redirects › item 1 › From)`,
        `  content/site.yaml:${lineOf(text, 'from: /cheatcodes/tags/hiring')} redirects[1].from: /cheatcodes/tags/hiring is the writing's page of the tag "hiring": a redirect from it would hide the page (in the editor: Site › Redirects › item 2 › From)`,
        `  content/site.yaml:${lineOf(text, 'from: /cheatcodes/the-first-hire')} redirects[2].from: /cheatcodes/the-first-hire is the post content/posts/the-first-hire.md: a redirect from it would hide the page (in the editor: Site › Redirects › item 3 › From)`,
      ].join('\n'),
    });
  });

  it('refuses a post, or a post’s new tag, whose path a redirect already takes', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'review-seed-paths-'));
    try {
      cpSync(contentDir, dir, { recursive: true });
      const text = siteWith(
        { from: '/cheatcodes/second-hire' },
        { from: '/cheatcodes/tags/firing' },
      );
      writeFileSync(join(dir, 'site.yaml'), text);
      const save = (path: string, post: string) =>
        reviewUpdate({ additions: [{ path, contents: base64(post) }], deletions: [] }, dir);
      // Another post: a copy of one under its own id, where the post has one.
      const secondHire = firstHire.replace(/^id: .+$/m, `id: ${randomUUID()}`);
      expect(problemOf(await save('posts/second-hire.md', secondHire))).toContain(
        `content/site.yaml:${lineOf(text, 'from: /cheatcodes/second-hire')} redirects[0].from: /cheatcodes/second-hire is the post content/posts/second-hire.md: a redirect from it would hide the page`,
      );
      const tagged = firstHire.replace('  - Hiring\n', '  - Hiring\n  - Firing\n');
      expect(problemOf(await save('posts/the-first-hire.md', tagged))).toContain(
        `content/site.yaml:${lineOf(text, 'from: /cheatcodes/tags/firing')} redirects[1].from: /cheatcodes/tags/firing is the writing's page of the tag "firing"`,
      );
      // Deleting a post frees its path for a redirect to its new name.
      const freed = siteWith({ from: '/cheatcodes/the-first-hire' });
      const rename = await reviewUpdate(
        {
          additions: [
            { path: 'site.yaml', contents: base64(freed) },
            { path: 'posts/first-hire.md', contents: base64(firstHire) },
          ],
          deletions: [{ path: 'posts/the-first-hire.md' }],
        },
        dir,
      );
      expect(rename).toMatchObject({
        update: { deletions: [{ path: 'posts/the-first-hire.md' }] },
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses a page at the path of a post', async () => {
    const result = await review([
      { path: 'pages/speaking.yaml', text: pageAt('/cheatcodes/the-first-hire') },
    ]);
    expect(problemOf(result)).toContain(
      'content/writing.yaml:6 path: "/cheatcodes" is where the page "speaking" is (/cheatcodes/the-first-hire); choose another path for the writing or the page',
    );
  });

  it("refuses a checkout block selling the workshop's session under its name with other seats, and the workshop changing them under a page", async () => {
    const workshopText = readFileSync(join(contentDir, 'workshop.yaml'), 'utf8');
    const workshop = parseDocument(workshopText);
    const session = (
      workshop.getIn(['sessions', 0]) as { toJSON(): Record<string, unknown> }
    ).toJSON();
    const page = parseDocument(pageAt('/masterclass', 'Masterclass'));
    page.addIn(['blocks'], {
      discriminant: 'checkout',
      value: {
        sessions: [{ ...session, seats: 12 }],
        price: workshop.getIn(['price']),
        nextDate: workshop.getIn(['nextDate']),
      },
    });
    const index = (page.get('blocks') as { items: unknown[] }).items.length - 1;
    const result = await review([{ path: 'pages/masterclass.yaml', text: String(page) }]);
    // At the line of the seats in the file as the save writes it (without the comments).
    expect(problemOf(result)).toMatch(
      new RegExp(
        `content/pages/masterclass\\.yaml:\\d+ blocks\\[${index}\\]\\.value\\.sessions\\[0\\]\\.seats: `,
      ),
    );
    expect(problemOf(result)).toContain(
      `.seats: expected ${session.seats} seats, as the session "${session.id}" has in content/workshop.yaml: the same name is the same session (in the editor: Pages › Blocks › item ${index + 1} › Checkout › Sessions › item 1 › Seats)`,
    );
    // With the page in place (its seats the workshop's), the workshop may not change them alone.
    const agreeing = parseDocument(String(page));
    agreeing.setIn(['blocks', index, 'value', 'sessions', 0, 'seats'], session.seats);
    const dir = mkdtempSync(join(tmpdir(), 'review-sessions-'));
    try {
      cpSync(contentDir, dir, { recursive: true });
      writeFileSync(join(dir, 'pages/masterclass.yaml'), String(agreeing));
      workshop.setIn(['sessions', 0, 'seats'], 30);
      const changed = await reviewSaveIn(dir)([{ path: 'workshop.yaml', text: String(workshop) }]);
      expect(problemOf(changed)).toContain(
        `blocks[${index}].value.sessions[0].seats: expected 30 seats, as the session "${session.id}" has in content/workshop.yaml`,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
