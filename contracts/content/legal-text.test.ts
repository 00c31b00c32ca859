import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseInlineText, parseLegalText, sectionId } from './legal-text';
import { checkContentFile } from './load';

const text = (...lines: string[]) => lines.join('\n');
const words = (text: string) => ({ kind: 'text', text }) as const;
const link = (label: string, href: string, external: boolean) =>
  ({ kind: 'link', href, external, children: [words(label)] }) as const;

describe('a legal text', () => {
  it('is sections, each under its "## " heading with an address made from its words', () => {
    const { sections, problems } = parseLegalText(
      text('## Your rights, and how to use them', '', 'Write to us.', '', '## Children', '', 'No.'),
    );
    expect(problems).toEqual([]);
    expect(sections.map(({ id, heading }) => [id, heading])).toEqual([
      ['your-rights-and-how-to-use-them', 'Your rights, and how to use them'],
      ['children', 'Children'],
    ]);
    expect(sectionId('Who’s who — in 2027?')).toBe('who-s-who-in-2027');
  });

  it('marks the details only the owner can give, links and lists', () => {
    const { sections } = parseLegalText(
      text(
        '## Who we are',
        '',
        'Run by [[Owner: company name]], at [[Owner: address]]. See the [cookie notice](/cookies).',
        '',
        '- one [ICO](https://ico.org.uk/)',
        '- two',
      ),
    );
    expect(sections[0]?.blocks).toEqual([
      {
        kind: 'paragraph',
        text: [
          words('Run by '),
          { kind: 'owner-detail', what: 'company name' },
          words(', at '),
          { kind: 'owner-detail', what: 'address' },
          words('. See the '),
          link('cookie notice', '/cookies', false),
          words('.'),
        ],
      },
      {
        kind: 'list',
        ordered: false,
        items: [
          [{ kind: 'paragraph', text: [words('one '), link('ICO', 'https://ico.org.uk/', true)] }],
          [{ kind: 'paragraph', text: [words('two')] }],
        ],
      },
    ]);
  });

  it('places the table and the cookie settings button where their markers stand', () => {
    const { sections } = parseLegalText(
      text('## Storage', '', '[[Table]]', '', '[[Cookie settings button: Change cookie settings]]'),
    );
    expect(sections[0]?.blocks).toEqual([
      { kind: 'table' },
      { kind: 'consent-button', label: 'Change cookie settings' },
    ]);
  });

  it('refuses HTML, unsafe links and what the page cannot show, saying on which line', () => {
    const { problems } = parseLegalText(
      text(
        'Before any heading.',
        '',
        '## One',
        '',
        '<script>alert(1)</script>',
        '',
        'A [link](javascript:alert(1)) and **bold**.',
        '',
        '### Too deep',
        '',
        '1. numbered',
      ),
    );
    expect(problems).toEqual([
      { line: 1, message: 'expected the text to start with a "## " heading' },
      { line: 5, message: expect.stringContaining('HTML is not allowed') },
      { line: 7, message: expect.stringContaining('got "javascript:alert(1)"') },
      { line: 7, message: expect.stringContaining('bold text') },
      { line: 9, message: expect.stringContaining('expected headings to start with "## "') },
      { line: 11, message: 'expected "- " before each list item' },
    ]);
  });

  it('reads a table cell’s links and markers, and refuses HTML in it', () => {
    expect(parseInlineText('See [[Owner: host]] and [this](/privacy)').text).toEqual([
      words('See '),
      { kind: 'owner-detail', what: 'host' },
      words(' and '),
      link('this', '/privacy', false),
    ]);
    expect(parseInlineText('a <b>bold</b> claim').problems).not.toEqual([]);
  });
});

describe('a legal page’s file', () => {
  const terms = readFileSync(resolve(import.meta.dirname, '../../content/legal/terms.md'), 'utf8');
  const lines = terms.split('\n');

  it('reports a problem in the text at its line in the file', () => {
    const at = lines.findIndex((line) => line.startsWith('## Buying something'));
    const broken = [
      ...lines.slice(0, at + 2),
      '<iframe src="https://evil.example">',
      ...lines.slice(at + 2),
    ];
    const result = checkContentFile('terms', broken.join('\n'));
    expect(result).toEqual({
      problems: [
        {
          file: 'content/legal/terms.md',
          line: at + 3,
          path: 'body',
          message: expect.stringContaining('HTML is not allowed'),
        },
      ],
    });
  });

  it('reports an unknown fact in the text at its line in the file', () => {
    const at = lines.findIndex((line) => line.startsWith('## Questions'));
    const broken = [...lines.slice(0, at + 2), 'Ask {fouder}.', ...lines.slice(at + 2)];
    const result = checkContentFile('terms', broken.join('\n'));
    expect(result).toMatchObject({
      problems: [{ line: at + 3, path: 'body', message: expect.stringContaining('{fouder}') }],
    });
  });

  it('holds a table and its marker together', () => {
    const result = checkContentFile(
      'terms',
      terms.replace('## Questions', '## Questions\n\n[[Table]]'),
    );
    expect(result).toMatchObject({
      problems: [{ path: 'body', message: 'found "[[Table]]" but the file has no `table`' }],
    });
  });
});
