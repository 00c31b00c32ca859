import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseDocument } from 'yaml';
import { contentCopies, sampleContentDir } from '../testing/content-copies';
import { pageFile } from './index';
import { checkFile, formatProblem, loadContent } from './load';

/**
 * An owner's page (content/pages/<slug>.yaml) is refused, with the file, line and field, wherever
 * it could not be served as written: an unknown site, a path a URL should not have or that the
 * server or another page answers, a list that is not configured, a block the site has no section
 * for, prose the page cannot show.
 */
const pressYaml = await readFile(join(sampleContentDir, 'pages/press.yaml'), 'utf8');

/** The sample page with `value` at `path` (a field of the file, as the yaml library walks it). */
function withValue(path: readonly (string | number)[], value: unknown): string {
  const document = parseDocument(pressYaml);
  document.setIn(path, value);
  return String(document);
}

function problemsOf(text: string, slug = 'press'): string[] {
  const checked = checkFile(pageFile(slug), text);
  return 'problems' in checked ? checked.problems.map(formatProblem) : [];
}

describe('an owner page file', () => {
  it('the sample page fits, as written', () => {
    expect(problemsOf(pressYaml)).toEqual([]);
  });

  it('refuses a site that is not one of the four, naming them', () => {
    const text = withValue(['site'], 'blog');
    expect(problemsOf(text)).toEqual([
      `  content/pages/press.yaml:4 site: expected one of the sites: main, sellable-business, waitlist, book, got "blog"`,
    ]);
  });

  it.each([
    ['/Press', 'capitals'],
    ['/press/', 'a trailing slash'],
    ['/press kit', 'a space'],
    ['/press?x=1', 'a query'],
    ['press', 'no leading slash'],
    ['/pr%65ss', 'an escape'],
    ['//evil.example', 'an empty segment'],
    ['/caf\u00e9', 'a letter outside ASCII'],
  ])('refuses the path %j (%s)', (path) => {
    const [problem] = problemsOf(withValue(['path'], path));
    expect(problem).toMatch(
      /^ {2}content\/pages\/press\.yaml:5 path: expected a path of lower-case/,
    );
  });

  it.each([
    ['/api/pages', '/api'],
    ['/owner', '/owner'],
    ['/go/workshop', '/go'],
    ['/downloads/kit', '/downloads'],
    ['/assets', '/assets'],
    ['/keystatic', '/keystatic'],
    ['/robots.txt', '/robots.txt'],
    ['/sitemap.xml', '/sitemap.xml'],
  ])('refuses %s, under the server\u2019s own %s', (path, segment) => {
    expect(problemsOf(withValue(['path'], path))).toEqual([
      `  content/pages/press.yaml:5 path: "${path}" is one of the server's own paths (${segment}); choose another`,
    ]);
  });

  it('refuses a path a page of the code answers on the same site, not on another', () => {
    expect(problemsOf(withValue(['path'], '/book'))).toEqual([
      `  content/pages/press.yaml:5 path: "/book" is already a page of the main site (contracts/routes.ts); choose another path`,
    ]);
    // The sellable-business site has no /book.
    const elsewhere = parseDocument(pressYaml);
    elsewhere.setIn(['site'], 'sellable-business');
    elsewhere.setIn(['path'], '/book');
    expect(problemsOf(String(elsewhere))).toEqual([]);
  });

  it.each([
    ['main', '/assetworkshop/booked'],
    ['sellable-business', '/cohort/try-again'],
  ])('refuses a page after the workshop’s checkout: %s %s', (site, path) => {
    const document = parseDocument(pressYaml);
    document.setIn(['site'], site);
    document.setIn(['path'], path);
    expect(problemsOf(String(document))).toEqual([
      `  content/pages/press.yaml:5 path: "${path}" is already a page of the ${site} site (contracts/routes.ts); choose another path`,
    ]);
  });

  it.each(['waitlist', 'book'])(
    'refuses "/" of the %s site: its fallback page answers it, and it is that page\u2019s own address',
    (site) => {
      const document = parseDocument(pressYaml);
      document.setIn(['site'], site);
      document.setIn(['path'], '/');
      expect(problemsOf(String(document))).toEqual([
        `  content/pages/press.yaml:5 path: "/" is already a page of the ${site} site (contracts/routes.ts); choose another path`,
      ]);
      // Any other path of that site is the owner's to take (decision 024).
      document.setIn(['path'], '/launch');
      expect(problemsOf(String(document))).toEqual([]);
    },
  );

  it('refuses a sign-up block to a list the site has no Kit form for', () => {
    const document = parseDocument(pressYaml);
    const blocks = document.get('blocks') as { items: unknown[] };
    document.setIn(['blocks', blocks.items.length], {
      discriminant: 'signUp',
      value: {
        kicker: 'Newsletter',
        heading: 'Cheatcodes, weekly',
        sub: 'One idea a week.',
        trustLine: 'No spam.',
        list: 'podcast',
        copy: { submit: 'Join', submitting: 'Joining', success: 'Joined', error: 'Failed' },
        toast: { title: 'Joined', description: 'See you on Sunday' },
      },
    });
    const [problem] = problemsOf(String(document));
    expect(problem).toContain('blocks[6].value.list: expected one of the configured lists');
    expect(problem).toContain('newsletter, waitlist, handbook, workshop, got "podcast"');
  });

  it('refuses a video block to a player the site has no setting for, and a countdown to no date', () => {
    const document = parseDocument(pressYaml);
    const blocks = (document.get('blocks') as { items: unknown[] }).items.length;
    document.setIn(['blocks', blocks], {
      discriminant: 'video',
      value: {
        heading: 'Watch',
        player: 'intro',
        video: { title: 'Talk', poster: { src: 'hero-poster.svg', alt: 'A stage' }, play: 'Play' },
      },
    });
    document.setIn(['blocks', blocks + 1], {
      discriminant: 'countdown',
      value: {
        heading: 'Doors open in',
        to: 'next Tuesday',
        label: 'Time until the doors open',
        units: { days: 'd', hours: 'h', minutes: 'm', seconds: 's' },
        ended: 'Open.',
      },
    });
    const problems = problemsOf(String(document)).join('\n');
    expect(problems).toContain(
      `blocks[${blocks}].value.player: expected one of the configured players: hero, speaking, teaser, got "intro"`,
    );
    expect(problems).toContain(
      `blocks[${blocks + 1}].value.to: expected a date-time with a UTC offset (2026-12-10T18:00:00+00:00), got "next Tuesday"`,
    );
  });

  it("refuses a second checkout block: the page's redirect sells one list of sessions", () => {
    const document = parseDocument(pressYaml);
    const blocks = (document.get('blocks') as { items: unknown[] }).items.length;
    const workshop = parseDocument(readFileSync(join(sampleContentDir, 'workshop.yaml'), 'utf8'));
    const checkout = {
      discriminant: 'checkout',
      value: {
        sessions: workshop.toJS().sessions,
        price: workshop.toJS().price,
        nextDate: workshop.toJS().nextDate,
      },
    };
    document.setIn(['blocks', blocks], checkout);
    expect(problemsOf(String(document))).toEqual([]);
    document.setIn(['blocks', blocks + 1], checkout);
    expect(problemsOf(String(document))).toEqual([
      expect.stringContaining(
        `blocks[${blocks + 1}].discriminant: expected one checkout block on a page: its button sells the next of its sessions`,
      ),
    ]);
  });

  it('refuses a block the site has no section for', () => {
    const text = withValue(['blocks', 1, 'discriminant'], 'carousel');
    expect(problemsOf(text).join('\n')).toMatch(
      /content\/pages\/press\.yaml:\d+ blocks\[1\]\.discriminant: expected a block kind: hero, text, list/,
    );
  });

  it('wants a hero first, and only first: a page has one main heading', () => {
    const noHero = parseDocument(pressYaml);
    noHero.deleteIn(['blocks', 0]);
    expect(problemsOf(String(noHero))).toEqual([
      expect.stringMatching(
        /blocks\[0\]\.discriminant: expected the first block to be a hero \(the page's main heading\), got text$/,
      ),
    ]);
    const twoHeroes = parseDocument(pressYaml);
    twoHeroes.setIn(['blocks', 2], twoHeroes.getIn(['blocks', 0]));
    expect(problemsOf(String(twoHeroes))).toEqual([
      expect.stringMatching(
        /blocks\[2\]\.discriminant: expected only the first block to be a hero/,
      ),
    ]);
  });

  it('refuses prose the page cannot show, at its line in the text', () => {
    const text = withValue(
      ['blocks', 1, 'value', 'body'],
      'A paragraph.\n\n## A heading\n\n<script>alert(1)</script>',
    );
    const problems = problemsOf(text);
    expect(problems).toEqual([
      expect.stringContaining(
        'blocks[1].value.body: expected paragraphs, "- " lists and links; found a heading (the block has its own) (line 3 of the text)',
      ),
      expect.stringContaining('found HTML'),
    ]);
  });

  it('refuses an unknown field, and a fact it does not know', () => {
    const text = withValue(['theme'], 'dark').replace('{founder}:', '{fonder}:');
    expect(problemsOf(text).join('\n')).toContain('unknown field "theme"');
    expect(problemsOf(text).join('\n')).toContain('unknown fact "{fonder}"');
  });
});

describe('the owner pages of a content directory', () => {
  const { contentWith, loadProblems } = contentCopies('owner-pages');

  it('loads each by its file name', async () => {
    const content = await loadContent(
      await contentWith({ 'pages/kit.yaml': withValue(['path'], '/kit') }),
    );
    expect(Object.keys(content.pages).sort()).toEqual(['kit', 'press']);
    expect(content.pages.kit?.path).toBe('/kit');
  });

  it('refuses two pages on one path of a site, naming the one first in order', async () => {
    const problems = await loadProblems(await contentWith({ 'pages/second.yaml': pressYaml }));
    expect(problems).toEqual([
      `  content/pages/second.yaml:5 path: "/press" is already the path of the page "press" on the main site; choose another`,
    ]);
  });

  it('refuses a page whose path a redirect leads away from', async () => {
    const site = await readFile(join(sampleContentDir, 'site.yaml'), 'utf8');
    const document = parseDocument(site);
    document.setIn(
      ['redirects'],
      [
        { site: 'main', from: '/old', to: '/', kind: 'permanent' },
        { site: 'main', from: '/press', to: '/', kind: 'permanent' },
      ],
    );
    const problems = await loadProblems(await contentWith({ 'site.yaml': String(document) }));
    expect(problems).toEqual([
      `  content/pages/press.yaml:5 path: "/press" is redirected elsewhere by the site settings (Site › Redirects › item 2); remove that redirect or choose another path`,
    ]);
  });

  it('refuses a file name that cannot be a page’s', async () => {
    const problems = await loadProblems(await contentWith({ 'pages/Press Kit.yaml': pressYaml }));
    expect(problems).toEqual([
      '  content/pages/Press Kit.yaml:1: expected a file name of lower-case letters, digits and hyphens ending in .yaml ("speaking.yaml")',
    ]);
  });
});
