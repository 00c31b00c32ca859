import { readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseDocument } from 'yaml';
import { contentCopies, sampleContentDir } from '../testing/content-copies';
import { checkContentFile, formatProblem } from './load';

/**
 * The main site's menus (content/site.yaml `navigation`): each item a label and a path the main
 * site answers, or another site's https address marked external; anything else is refused with
 * the file, line and field, by the file's own check and by the check of the content as a whole.
 */

const siteYaml = readFileSync(join(sampleContentDir, 'site.yaml'), 'utf8');
const pressYaml = readFileSync(join(sampleContentDir, 'pages/press.yaml'), 'utf8');

function siteWith(...edits: Array<[Array<string | number>, unknown]>): string {
  const document = parseDocument(siteYaml);
  for (const [path, value] of edits) document.setIn(path, value);
  return String(document);
}

const lineOf = (text: string, needle: string) =>
  text.split('\n').findIndex((line) => line.includes(needle)) + 1;

function problemsOf(text: string): string[] {
  const checked = checkContentFile('site', text);
  return 'problems' in checked ? checked.problems.map(formatProblem) : [];
}

describe('the menus of content/site.yaml', () => {
  it('reads the seed: the writing and the press page, in the header and the footer', () => {
    const checked = checkContentFile('site', siteYaml);
    const navigation = 'value' in checked ? checked.value.navigation : undefined;
    const items = [
      { label: 'Writing', href: '/cheatcodes', external: false },
      { label: 'Press', href: '/press', external: false },
    ];
    expect(navigation).toMatchObject({ primary: items, footer: items });
  });

  it('takes another site’s https address marked external', () => {
    const text = siteWith([
      ['navigation', 'primary', 2],
      { label: 'LinkedIn', href: 'https://www.linkedin.com/in/example', external: true },
    ]);
    expect(problemsOf(text)).toEqual([]);
  });

  it.each([
    ['an address not marked external', { label: 'LinkedIn', href: 'https://linkedin.com/in/x' }],
    [
      'a path marked external',
      { label: 'Press', href: '/press-kit', external: true },
      'expected an address starting with https:// for a link marked external, got "/press-kit"',
    ],
    [
      'a plain http address marked external',
      { label: 'Old', href: 'http://example.com/', external: true },
      'expected an address starting with https:// for a link marked external, got "http://example.com/"',
    ],
    [
      'a path a browser reads as another host',
      { label: 'Evil', href: '//evil.example' },
      'expected an address starting with https:// or a path starting with a single /',
    ],
    [
      'a script address',
      { label: 'Evil', href: 'javascript:alert(1)' },
      'expected an address starting with https:// or a path starting with /',
    ],
  ])('refuses %s, at its line and field', (_, item, message = undefined) => {
    const text = siteWith([['navigation', 'footer', 0], item]);
    const problems = problemsOf(text);
    const at = `  content/site.yaml:${lineOf(text, `href: ${item.href}`)} navigation.footer[0].href: `;
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain(at);
    expect(problems[0]).toContain(
      message ??
        'expected a path on this site starting with / (or external: true for another site\'s address), got "https://linkedin.com/in/x"',
    );
    // The value is named once, not again by the problem's format.
    expect(problems[0]?.match(/, got /g)).toHaveLength(1);
  });

  it('refuses a control character in a label, and an unknown field', () => {
    const text = siteWith(
      [['navigation', 'primary', 0, 'label'], 'Wri\u0007ting'],
      [['navigation', 'primary', 1, 'target'], '_blank'],
    );
    expect(problemsOf(text)).toEqual([
      `  content/site.yaml:${lineOf(text, 'label: "Wri')} navigation.primary[0].label: expected text without control characters (a tab is fine), found U+0007 at character 4`,
      `  content/site.yaml:${lineOf(text, 'target: _blank')} navigation.primary[1]: unknown field "target" (check the spelling; unknown fields are not allowed)`,
    ]);
  });

  it('refuses a longer list than a header or a footer can hold', () => {
    const item = { label: 'Writing', href: '/cheatcodes' };
    const text = siteWith(
      [['navigation', 'primary'], Array.from({ length: 9 }, () => ({ ...item }))],
      [['navigation', 'footer'], Array.from({ length: 10_000 }, () => ({ ...item }))],
    );
    expect(problemsOf(text)).toEqual([
      expect.stringMatching(
        /content\/site\.yaml:\d+ navigation\.primary: expected at most 8 items in the header menu/,
      ),
      expect.stringMatching(
        /content\/site\.yaml:\d+ navigation\.footer: expected at most 12 items in the footer menu/,
      ),
    ]);
  });
});

describe('the menus against the pages of the main site', () => {
  const { contentWith, loadProblems } = contentCopies('navigation');

  it('takes a seed page, an owner’s page, the writing, a tag, a post and a home anchor', async () => {
    const hrefs = [
      '/',
      '/#speaking',
      '/11cheatcodes',
      '/terms',
      '/press',
      '/cheatcodes',
      '/cheatcodes/tags/hiring',
      '/cheatcodes/the-first-hire',
    ];
    const site = siteWith([
      ['navigation', 'primary'],
      hrefs.map((href) => ({ label: 'Item', href })),
    ]);
    expect(await loadProblems(await contentWith({ 'site.yaml': site }))).toEqual([]);
  });

  it('refuses a path no page of the main site answers, naming the item, at its line', async () => {
    const site = siteWith(
      [['navigation', 'primary', 1, 'href'], '/pres'],
      [['navigation', 'footer', 0, 'href'], '/room'],
    );
    expect(await loadProblems(await contentWith({ 'site.yaml': site }))).toEqual([
      `  content/site.yaml:${lineOf(site, 'href: /pres')} navigation.primary[1].href: the menu item "Press" links "/pres", which no page of the main site answers: expected the path of a page, one of your pages, the writing, a tag or a post (or a redirect from it)`,
      `  content/site.yaml:${lineOf(site, 'href: /room')} navigation.footer[0].href: the menu item "Writing" links "/room", which no page of the main site answers: expected the path of a page, one of your pages, the writing, a tag or a post (or a redirect from it)`,
    ]);
  });

  it('refuses moving a page the menu names, and takes it once a redirect covers the old path', async () => {
    const moved = parseDocument(pressYaml);
    moved.setIn(['path'], '/press-kit');
    const pages = { 'pages/press.yaml': String(moved) };
    const refused = await loadProblems(await contentWith(pages));
    expect(refused).toEqual([
      expect.stringContaining('navigation.primary[1].href: the menu item "Press" links "/press"'),
      expect.stringContaining('navigation.footer[1].href: the menu item "Press" links "/press"'),
    ]);
    const site = siteWith([
      ['redirects', 1],
      { site: 'main', from: '/press', to: '/press-kit', kind: 'permanent' },
    ]);
    expect(await loadProblems(await contentWith({ ...pages, 'site.yaml': site }))).toEqual([]);
  });

  it('refuses deleting a page the menu names', async () => {
    const dir = await contentWith({});
    await rm(join(dir, 'pages/press.yaml'));
    expect(await loadProblems(dir)).toEqual([
      expect.stringMatching(
        /^ {2}content\/site\.yaml:\d+ navigation\.primary\[1\]\.href: the menu item "Press" links "\/press", which no page/,
      ),
      expect.stringMatching(/^ {2}content\/site\.yaml:\d+ navigation\.footer\[1\]\.href: /),
    ]);
  });
});
