import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseDocument } from 'yaml';
import { checkContentFile, formatProblem } from './load';

/**
 * The site settings' redirects are refused, with the file, line and field, wherever one could not
 * work: from a path no visitor would reach or that a page answers, in a loop, or through a chain.
 */
const siteYaml = readFileSync(resolve(import.meta.dirname, '../../content/site.yaml'), 'utf8');

type RedirectRow = { site?: string; from: string; to: string; kind?: string };

/** The real site.yaml with these redirects in place of its own. */
function withRedirects(rows: readonly RedirectRow[]): string {
  const document = parseDocument(siteYaml);
  document.setIn(
    ['redirects'],
    rows.map((row) => ({ site: 'main', kind: 'permanent', ...row })),
  );
  return String(document);
}

function problemsOf(text: string): string[] {
  const checked = checkContentFile('site', text);
  return 'problems' in checked ? checked.problems.map(formatProblem) : [];
}

/** The line of the nth (0-based) occurrence of `needle`. */
const lineOf = (text: string, needle: string, nth = 0) =>
  text
    .split('\n')
    .map((line, index) => [line, index + 1] as const)
    .filter(([line]) => line.includes(needle))[nth]?.[1];

describe('the redirects of content/site.yaml', () => {
  it('accept old paths of each site, to a path or another address, kept or not', () => {
    const text = withRedirects([
      { from: '/speaking', to: '/#speaking' },
      { from: '/masterclass-2026', to: 'https://booking.example/masterclass', kind: 'temporary' },
      { site: 'sellable-business', from: '/old-cohort', to: '/cohort?utm_source=old' },
      // A fallback site answers every path with its page: a redirect may take one of them.
      { site: 'waitlist', from: '/ig', to: 'https://example.com/book' },
      { from: '/speaking.html', to: '/' },
    ]);
    expect(problemsOf(text)).toEqual([]);
    const checked = checkContentFile('site', text);
    expect('value' in checked && checked.value.redirects[2]).toEqual({
      site: 'sellable-business',
      from: '/old-cohort',
      to: '/cohort?utm_source=old',
      kind: 'permanent',
    });
  });

  it('are none when the file names none', () => {
    const document = parseDocument(siteYaml);
    document.deleteIn(['redirects']);
    const checked = checkContentFile('site', String(document));
    expect('value' in checked && checked.value.redirects).toEqual([]);
  });

  it('refuse an unknown site', () => {
    const text = withRedirects([{ site: 'shop', from: '/a', to: '/' }]);
    expect(problemsOf(text)).toEqual([
      `  content/site.yaml:${lineOf(text, 'site: shop')} redirects[0].site: expected one of the sites: main, sellable-business, waitlist, book, got "shop"`,
    ]);
  });

  it.each([
    ['/Old-Offer', 'capitals'],
    ['/old offer', 'a space'],
    ['/old-offer/', 'a trailing slash'],
    ['old-offer', 'no leading slash'],
    ['/old//offer', 'an empty segment'],
    ['/%2e%2e/admin', 'an escaped character'],
    ['/offer?utm=1', 'a query string'],
  ])('refuse a path with %s (%s)', (from) => {
    const text = withRedirects([{ from, to: '/' }]);
    expect(problemsOf(text)).toEqual([
      `  content/site.yaml:${lineOf(text, `from: ${from}`)} redirects[0].from: expected a path such as /old-offer: lower-case letters, digits and - . _ ~ between slashes, no trailing slash, got ${JSON.stringify(from)}`,
    ]);
  });

  it.each([
    '/api',
    '/owner/sign-in',
    '/go/workshop',
    '/downloads/handbook.pdf',
    '/assets',
    '/keystatic',
    '/favicon.svg',
    '/robots.txt',
    '/sitemap.xml',
  ])('refuse the server’s own path %s', (from) => {
    const text = withRedirects([{ from, to: '/' }]);
    expect(problemsOf(text)).toEqual([
      `  content/site.yaml:${lineOf(text, `from: ${from}`)} redirects[0].from: ${from} is the server's own (/api, /owner, /go, /downloads, /assets, /keystatic, /favicon.svg, /robots.txt, /sitemap.xml): a redirect from it would never be reached`,
    ]);
  });

  it('refuse a path a page of the same site answers, and allow it on another site', () => {
    const text = withRedirects([
      { from: '/11cheatcodes', to: '/' },
      { site: 'book', from: '/11cheatcodes', to: '/' },
    ]);
    expect(problemsOf(text)).toEqual([
      `  content/site.yaml:${lineOf(text, 'from: /11cheatcodes')} redirects[0].from: /11cheatcodes is a page of the main site: a redirect from it would hide the page`,
    ]);
  });

  it.each(['waitlist', 'book'])(
    'refuse "/" of the %s site, the address of the page its fallback shows',
    (site) => {
      const text = withRedirects([{ site, from: '/', to: 'https://example.com/' }]);
      expect(problemsOf(text)).toEqual([
        `  content/site.yaml:${lineOf(text, 'from: /')} redirects[0].from: / is a page of the ${site} site: a redirect from it would hide the page`,
      ]);
    },
  );

  it('refuse the same path twice on one site', () => {
    const text = withRedirects([
      { from: '/old', to: '/' },
      { from: '/old', to: '/terms' },
    ]);
    expect(problemsOf(text)).toEqual([
      `  content/site.yaml:${lineOf(text, 'from: /old', 1)} redirects[1].from: redirects[0] already sends /old on the main site elsewhere`,
    ]);
  });

  it('refuse a redirect to itself, however the path is written', () => {
    const text = withRedirects([{ from: '/old', to: '/Old/?utm_source=x' }]);
    expect(problemsOf(text)).toEqual([
      `  content/site.yaml:${lineOf(text, 'to: /Old/')} redirects[0].to: a redirect loop: /old → /old, so the page never loads`,
    ]);
  });

  it('refuse a loop through several redirects, at each of them', () => {
    const text = withRedirects([
      { from: '/a', to: '/b' },
      { from: '/b', to: '/a' },
    ]);
    expect(problemsOf(text)).toEqual([
      `  content/site.yaml:${lineOf(text, 'to: /b')} redirects[0].to: a redirect loop: /a → /b → /a, so the page never loads`,
      `  content/site.yaml:${lineOf(text, 'to: /a')} redirects[1].to: a redirect loop: /b → /a → /b, so the page never loads`,
    ]);
  });

  it('refuse a chain, naming where to send the first step, and allow the same paths on two sites', () => {
    const text = withRedirects([
      { from: '/first', to: '/second' },
      { from: '/second', to: 'https://booking.example/' },
      { site: 'book', from: '/second', to: '/first' },
    ]);
    expect(problemsOf(text)).toEqual([
      `  content/site.yaml:${lineOf(text, 'to: /second')} redirects[0].to: a chain of redirects: /first → /second → https://booking.example/; send /first to https://booking.example/ directly`,
    ]);
  });

  it.each([
    '//evil.example/',
    '/\\evil.example',
    '/%5Cevil.example',
    '/%2F/evil.example',
    '/\u0000/evil.example',
    'javascript:alert(1)',
    'ftp://files.example/',
  ])('refuse a destination that leaves for another host by a trick: %s', (to) => {
    const [problem] = problemsOf(withRedirects([{ from: '/old', to }]));
    expect(problem).toMatch(/redirects\[0\]\.to: expected an address starting with https:\/\//);
  });

  it('refuse an unknown kind and unknown fields', () => {
    const text = withRedirects([{ from: '/old', to: '/', kind: '307' }]);
    const document = parseDocument(text);
    document.setIn(['redirects', 0, 'status'], 301);
    expect(problemsOf(String(document))).toEqual([
      expect.stringContaining('redirects[0].kind: expected permanent or temporary, got "307"'),
      expect.stringContaining('redirects[0]: unknown field "status"'),
    ]);
  });
});
