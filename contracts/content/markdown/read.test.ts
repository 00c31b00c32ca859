import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseDocument } from 'yaml';
import { sampleContentDir } from '../../testing/content-copies';
import { pageFile, postFile } from '../index';
import { legalText, pageProse } from '../legal-text';
import { checkContentFile, checkFile, formatProblem } from '../load';
import { postText } from '../post-text';
import { deepestNesting, longestText, type MarkdownProfile } from './profile';
import { readMarkdown } from './read';
import type { MarkdownBlock, MarkdownInline } from './tree';

/**
 * The one Markdown reader (docs/decisions/028-writing.md): each text's profile says what it may
 * hold, and whatever a text holds, hostile or huge, the reader answers quickly with a tree no
 * walk can overflow the stack on, and problems at their lines.
 */

const profiles: Array<[string, MarkdownProfile, string]> = [
  ['a legal page', legalText, '## A section\n\n'],
  ["an owner's page's prose", pageProse, ''],
  ['a post', postText, ''],
];

/** How deep the tree is: blocks inside blocks, and runs inside runs. */
function depthOf(blocks: readonly MarkdownBlock[]): number {
  const inline = (text: readonly MarkdownInline[]): number =>
    Math.max(0, ...text.map((part) => ('children' in part ? 1 + inline(part.children) : 0)));
  return Math.max(
    0,
    ...blocks.map((block) => {
      switch (block.kind) {
        case 'list':
          return 1 + Math.max(0, ...block.items.map(depthOf));
        case 'quote':
          return 1 + depthOf(block.blocks);
        case 'heading':
        case 'paragraph':
          return inline(block.text);
        default:
          return 0;
      }
    }),
  );
}

describe.each(profiles)('%s', (_, profile, start) => {
  const read = (text: string) => readMarkdown(`${start}${text}`, profile);
  const at = start.split('\n').length - 1;

  it('refuses raw HTML, as a block and inside a sentence, at its line, and leaves it out', () => {
    const { blocks, problems } = read(
      '<script>alert(1)</script>\n\nA <img src=x onerror=alert(1)> word.',
    );
    expect(problems).toEqual([
      { line: at + 1, message: expect.stringContaining('found HTML') },
      { line: at + 3, message: expect.stringContaining('found HTML') },
    ]);
    expect(JSON.stringify(blocks)).not.toMatch(/script|onerror/);
  });

  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    '//evil.example',
    '/\\evil.example',
    '/&#92;evil.example',
    '/&#9;/evil.example',
  ])('refuses a link to %s by the one link rule', (href) => {
    expect(read(`A [link](${href}) here.`).problems).toEqual([
      { line: at + 1, message: expect.stringMatching(/^expected a link to https:\/\/…/) },
    ]);
    // An address with a scheme is a link in angle brackets too; one without is words there.
    if (/^[a-z]+:/i.test(href))
      expect(read(`An autolink <${href}> here.`).problems).not.toEqual([]);
  });

  it('leaves a control character to the field that refuses it, and never lets one make an address', () => {
    // The parser makes U+0000 the replacement character, as CommonMark says.
    expect(read('A word\u0000.').blocks.at(-1)).toEqual({
      kind: 'paragraph',
      text: [{ kind: 'text', text: 'A word\ufffd.' }],
    });
    // CommonMark takes no control character into a bare address: these stay words; one in
    // angle brackets is an address, which the link rule refuses.
    expect(JSON.stringify(read('[A](/\u0001/evil.example)').blocks)).not.toContain('"link"');
    expect(read('[B](</\u0001/evil.example>)').problems).toEqual([
      { line: at + 1, message: expect.stringMatching(/^expected a link to https:\/\/…/) },
    ]);
  });

  it('answers a line of lists or quotations inside one another at once, refused at its line', () => {
    for (const opener of ['> ', '- ', '1. ', '* > ']) {
      const started = performance.now();
      const { blocks, problems } = read(`A line.\n\n${opener.repeat(20_000)}deep`);
      expect(performance.now() - started).toBeLessThan(1_000);
      expect(blocks.filter(({ kind }) => kind !== 'heading')).toEqual([]);
      expect(problems).toEqual([
        {
          line: at + 3,
          message: `expected lists and quotations inside one another at most ${deepestNesting} deep`,
        },
      ]);
    }
    // Dividing lines look like list markers and are not.
    expect(read(`A line.\n\n${'- '.repeat(40)}`).problems).toEqual(
      profile === postText ? [] : [{ line: at + 3, message: expect.stringContaining('dividing') }],
    );
  });

  it('refuses a text longer than any the site has, without reading it', () => {
    const started = performance.now();
    const { blocks, problems } = read('*a '.repeat(longestText / 3 + 1));
    expect(performance.now() - started).toBeLessThan(100);
    expect(blocks).toEqual([]);
    expect(problems).toEqual([
      {
        line: 1,
        message: expect.stringMatching(
          /^expected a text of at most 100,000 characters, got 100,0\d\d$/,
        ),
      },
    ]);
  });
});

describe("a post's nesting", () => {
  it('keeps lists and quotations inside one another to a depth no walk can overflow on', () => {
    // Indented lists pass the line check (each line opens one list) and are bounded in the tree.
    const text = Array.from({ length: 60 }, (_, depth) => `${'  '.repeat(depth)}- level`).join(
      '\n',
    );
    const { blocks, problems } = readMarkdown(text, postText);
    expect(depthOf(blocks)).toBe(deepestNesting);
    expect(problems).toEqual([
      {
        line: deepestNesting + 1,
        message: `expected lists, quotations, links and emphasis inside one another at most ${deepestNesting} deep`,
      },
    ]);
  });

  it('keeps bold and italic inside one another to that depth too', () => {
    const text = `${'**a _b '.repeat(20)}core${' c_ d**'.repeat(20)}`;
    const { blocks, problems } = readMarkdown(text, postText);
    expect(depthOf(blocks)).toBeLessThanOrEqual(deepestNesting);
    expect(problems).toEqual([{ line: 1, message: expect.stringContaining('at most 12 deep') }]);
  });

  it('reads a text nested as deep as allowed without a problem', () => {
    const text = Array.from(
      { length: deepestNesting },
      (_, depth) => `${'  '.repeat(depth)}- level`,
    ).join('\n');
    const { blocks, problems } = readMarkdown(text, postText);
    expect(problems).toEqual([]);
    expect(depthOf(blocks)).toBe(deepestNesting);
  });
});

describe('the profiles', () => {
  it('a legal page: its markers placed, its details marked, its links read with their words', () => {
    const { blocks, problems } = readMarkdown(
      '## Cookies\n\n[[Table]]\n\n[[Cookie settings button: Change]]\n\nBy [[Owner: company]].\n\nSee [**this**](/privacy).',
      legalText,
    );
    expect(blocks.slice(1, 4)).toEqual([
      { kind: 'table' },
      { kind: 'consent-button', label: 'Change' },
      {
        kind: 'paragraph',
        text: [
          { kind: 'text', text: 'By ' },
          { kind: 'owner-detail', what: 'company' },
          { kind: 'text', text: '.' },
        ],
      },
    ]);
    // A link's words follow the text's rules: no bold on a legal page, in a link or not.
    expect(problems).toEqual([{ line: 9, message: expect.stringContaining('found bold text') }]);
  });

  it("an owner's page's prose: its own words for a heading and a legal page's marker", () => {
    expect(readMarkdown('## A heading\n\n[[Table]]\n\nSome **bold**.', pageProse).problems).toEqual(
      [
        {
          line: 1,
          message:
            'expected paragraphs, "- " lists and links; found a heading (the block has its own)',
        },
        {
          line: 3,
          message: 'expected paragraphs, "- " lists and links; found a marker of the legal pages',
        },
        { line: 5, message: 'expected paragraphs, "- " lists and links; found bold text' },
      ],
    );
  });

  it('a post: the legal markers are words, as written', () => {
    const { blocks, problems } = readMarkdown('[[Table]] by [[Owner: company]]', postText);
    expect(problems).toEqual([]);
    expect(blocks).toEqual([
      { kind: 'paragraph', text: [{ kind: 'text', text: '[[Table]] by [[Owner: company]]' }] },
    ]);
  });

  it('reads a text once for each profile, answering again what the first reading did', () => {
    const text = `Read ${Date.now()} once.`;
    const first = readMarkdown(text, pageProse);
    expect(readMarkdown(text, pageProse)).toBe(first);
    expect(readMarkdown(text, postText)).not.toBe(first);
  });
});

describe('a control character in each Markdown text', () => {
  const message =
    /^ {2}content\/\S+:(\d+) \S*body: expected text without control characters \(a tab and line breaks are fine\), found U\+0007 /;

  it("is refused once, at its line, in a legal page's, a post's and an owner's page's text", () => {
    const privacy = readFileSync(join(sampleContentDir, 'legal/privacy.md'), 'utf8');
    const post = readFileSync(join(sampleContentDir, 'posts/the-first-hire.md'), 'utf8');
    const page = parseDocument(readFileSync(join(sampleContentDir, 'pages/press.yaml'), 'utf8'));
    page.setIn(['blocks', 1, 'value', 'body'], 'A word\u0007 here.');
    const checked = [
      checkContentFile('privacy', `${privacy}\nA bell\u0007.\n`),
      checkFile(postFile('the-first-hire'), `${post}\nA bell\u0007.\n`),
      checkFile(pageFile('press'), String(page)),
    ];
    for (const result of checked) {
      const problems = 'problems' in result ? result.problems.map(formatProblem) : [];
      expect(problems).toEqual([expect.stringMatching(message)]);
    }
  });
});
