import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseDocument } from 'yaml';
import { sampleContentDir } from '../testing/content-copies';
import { contentFiles, pageFile, postFile } from './index';
import { parseText } from './legal-text';
import { checkFile, formatProblem } from './load';
import type { OwnerPage } from './pages';
import { parsePostText } from './post-text';

/**
 * Links say where they go (docs/decisions/026-owner-pages.md): a link that looks like a path of
 * this site but that a browser reads as another host is refused wherever the owner writes a link
 * — a block's button, a full address, a link in a page's or a post's text — as a redirect's
 * destination is (docs/decisions/024-redirects.md).
 */

/** Addresses a browser takes to evil.example, or that a server decoding them might. */
const hostile = [
  ['//evil.example', 'two slashes: a host'],
  ['/\\evil.example', 'a backslash, which browsers read as a slash'],
  ['\\\\evil.example', 'two backslashes'],
  ['/\t/evil.example', 'a tab, which browsers drop'],
  ['/\n/evil.example', 'a line break, which browsers drop'],
  ['/\r/evil.example', 'a carriage return, which browsers drop'],
  ['/\u0000/evil.example', 'a control character'],
  ['/%5Cevil.example', 'an escaped backslash'],
  ['/%5c%5cevil.example', 'escaped backslashes in lower case'],
  ['/%2F/evil.example', 'an escaped slash'],
  ['https://example.com\\@evil.example/', 'a backslash in a full address'],
  ['https://example.com/\u0000', 'a control character in a full address'],
] as const;

/** Ordinary links of every kind a field takes. */
const ordinary = ['/book', '/#faq', '/', '/press#enquiry-6', 'https://example.com/a?b=1#c'];

const press = readFileSync(join(sampleContentDir, 'pages/press.yaml'), 'utf8');
const home = readFileSync(join(sampleContentDir, 'home.yaml'), 'utf8');
const firstHire = readFileSync(join(sampleContentDir, 'posts/the-first-hire.md'), 'utf8');

const problemsOf = (
  checked: { value: unknown } | { problems: Parameters<typeof formatProblem>[0][] },
) => ('problems' in checked ? checked.problems.map(formatProblem) : []);

/** The sample page with its hero's button going to `href`. */
function heroButtonTo(href: string): string[] {
  const document = parseDocument(press);
  document.setIn(['blocks', 0, 'value', 'cta', 'href'], href);
  return problemsOf(checkFile(pageFile('press'), String(document)));
}

describe("a block's link", () => {
  it.each(hostile)('is refused when it is %j (%s), at its file, line and field', (href) => {
    expect(heroButtonTo(href)).toEqual([
      expect.stringMatching(
        /^ {2}content\/pages\/press\.yaml:25 blocks\[0\]\.value\.cta\.href: expected an address starting with https:\/\/ or a path starting with (a single )?\//,
      ),
    ]);
  });

  it.each(ordinary)('is kept when it is %s', (href) => {
    expect(heroButtonTo(href)).toEqual([]);
  });

  it('is kept as a browser reads it when a full address holds a tab: the page links where the browser goes', () => {
    const document = parseDocument(press);
    document.setIn(['blocks', 0, 'value', 'cta', 'href'], 'https://exa\tmple.com/\n');
    const checked = checkFile(pageFile('press'), String(document));
    const [hero] = 'value' in checked ? (checked.value as OwnerPage).blocks : [];
    expect(hero?.discriminant === 'hero' && hero.value.cta?.href).toBe('https://example.com/');
  });

  it("is refused in a call to action's button and a book card's order link as in a hero's", () => {
    const document = parseDocument(press);
    document.addIn(['blocks'], {
      discriminant: 'callToAction',
      value: { heading: 'Book a talk', cta: { label: 'Write to us', href: '//evil.example' } },
    });
    document.addIn(['blocks'], {
      discriminant: 'bookCard',
      value: {
        kicker: 'The book',
        heading: 'Out in May',
        sub: 'Pre-order it.',
        order: { label: 'Pre-order', href: '/\\evil.example' },
      },
    });
    expect(problemsOf(checkFile(pageFile('press'), String(document)))).toEqual([
      expect.stringMatching(/ blocks\[6\]\.value\.cta\.href: expected an address .* a single \//),
      expect.stringMatching(/ blocks\[7\]\.value\.order\.href: expected an address .* a single \//),
    ]);
  });

  it("is refused in a press logo's full address (the press logos block's schema)", () => {
    const document = parseDocument(home);
    document.setIn(['press', 'logos', 0, 'href'], 'https://example.com\\@evil.example/');
    expect(problemsOf(checkFile(contentFiles.home, String(document)))).toEqual([
      expect.stringMatching(
        / press\.logos\[0\]\.href: expected an address starting with https:\/\//,
      ),
    ]);
  });
});

describe('a closing link of the PDFs, a path on one of the sites', () => {
  const downloads = readFileSync(join(sampleContentDir, 'downloads.yaml'), 'utf8');
  const linkTo = (path: string) => {
    const document = parseDocument(downloads);
    document.setIn(['closingLinks', 0, 'path'], path);
    return problemsOf(checkFile(contentFiles.downloads, String(document)));
  };

  it.each(hostile.filter(([path]) => path.startsWith('/')))(
    'is refused when it is %j (%s)',
    (path) => {
      expect(linkTo(path)).toEqual([
        expect.stringMatching(
          /^ {2}content\/downloads\.yaml:\d+ closingLinks\[0\]\.path: expected a path starting with /,
        ),
      ]);
    },
  );

  it.each(['/', '/#newsletter', '/book'])('is kept when it is %s', (path) => {
    expect(linkTo(path)).toEqual([]);
  });
});

/** Markdown links that reach evil.example: escapes and character references decode first. */
const hostileInText = [
  '//evil.example',
  '/\\evil.example',
  '\\\\evil.example',
  '/&#92;evil.example',
  '/&#9;/evil.example',
  '/&#10;/evil.example',
  '</\t/evil.example>',
  '/%5Cevil.example',
  '/%2f/evil.example',
  'https://example.com&#92;@evil.example/',
];

const ordinaryInText = [
  '/book',
  '/#faq',
  '#faq',
  'https://example.com/',
  'mailto:hello@example.com',
  'mailto:{privacyEmail}',
];

describe('a link in the text of a post or of a page’s text block', () => {
  it.each(hostileInText)('is refused when it is (%s)', (address) => {
    const text = `Read [the rest](${address}) there.`;
    for (const { problems } of [parsePostText(text), parseText(text)]) {
      expect(problems).toEqual([
        {
          line: 1,
          message: expect.stringMatching(
            /^expected a link to https:\/\/…, mailto:… or a path starting with/,
          ),
        },
      ]);
    }
  });

  it.each(ordinaryInText)('is kept when it is %s', (address) => {
    const text = `Read [the rest](${address}) there.`;
    expect(parsePostText(text).problems).toEqual([]);
    expect(parseText(text).problems).toEqual([]);
  });

  it("is refused in a post's file at its line, in the body field", () => {
    const text = `${firstHire}\nMore on [this](/&#92;evil.example).\n`;
    const line = text.split('\n').length - 1;
    expect(problemsOf(checkFile(postFile('the-first-hire'), text))).toEqual([
      `  content/posts/the-first-hire.md:${line} body: expected a link to https://…, mailto:… or a path starting with a single /, got "/\\\\evil.example"`,
    ]);
  });
});
