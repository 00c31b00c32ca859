import { describe, expect, it } from 'vitest';
import { picturesOf, plainText, wordCount } from './markdown/tree';
import { parsePostText } from './post-text';

describe("a post's text", () => {
  it('reads headings, paragraphs with their emphasis and links, lists, quotations, code and pictures', () => {
    const { blocks, problems } = parsePostText(
      [
        'Most founders **stall** at the _same_ place. See [the handbook](/11cheatcodes).',
        '',
        '## What buyers check first',
        '',
        '1. The numbers',
        '2. The team, with `npm test` green',
        '',
        '> A business that runs without you is one someone will buy.',
        '',
        '![The founder on stage in Leeds](stage.jpg)',
        '',
        '---',
        '',
        '```',
        'profit / revenue',
        '```',
      ].join('\n'),
    );
    expect(problems).toEqual([]);
    expect(blocks.map(({ kind }) => kind)).toEqual([
      'paragraph',
      'heading',
      'list',
      'quote',
      'picture',
      'rule',
      'code',
    ]);
    expect(blocks[0]).toEqual({
      kind: 'paragraph',
      text: [
        { kind: 'text', text: 'Most founders ' },
        { kind: 'strong', children: [{ kind: 'text', text: 'stall' }] },
        { kind: 'text', text: ' at the ' },
        { kind: 'emphasis', children: [{ kind: 'text', text: 'same' }] },
        { kind: 'text', text: ' place. See ' },
        {
          kind: 'link',
          href: '/11cheatcodes',
          external: false,
          children: [{ kind: 'text', text: 'the handbook' }],
        },
        { kind: 'text', text: '.' },
      ],
    });
    expect(blocks[1]).toMatchObject({ kind: 'heading', level: 2, id: 'what-buyers-check-first' });
    expect(blocks[2]).toMatchObject({ kind: 'list', ordered: true });
    expect(blocks[4]).toEqual({
      kind: 'picture',
      src: 'stage.jpg',
      alt: 'The founder on stage in Leeds',
    });
    expect(picturesOf(blocks)).toEqual(['stage.jpg']);
    const [first] = blocks;
    expect(first?.kind === 'paragraph' && plainText(first.text)).toBe(
      'Most founders stall at the same place. See the handbook.',
    );
    expect(wordCount(blocks)).toBe(36);
  });

  it('refuses HTML, a second title, a picture without words or from elsewhere, and an unsafe link, each at its line', () => {
    const { problems } = parsePostText(
      [
        '# A second title',
        '',
        '<script>alert(1)</script>',
        '',
        '![](stage.jpg)',
        '',
        '![A chart](https://example.com/chart.png)',
        '',
        'A [link](javascript:alert(1)) and ![inline](x.png) picture.',
        '',
        '##### Too deep',
      ].join('\n'),
    );
    expect(problems).toEqual([
      { line: 1, message: 'expected headings from "## " on: the title is the page\'s one "# "' },
      {
        line: 3,
        message:
          'expected paragraphs, lists, quotations, links, pictures and "## " headings; found HTML (write plain Markdown: HTML is not allowed on the site)',
      },
      {
        line: 5,
        message:
          'expected words saying what the picture shows, between the brackets: ![The founder on stage](stage.jpg)',
      },
      {
        line: 7,
        message:
          'expected a picture of the content\'s images/ by its file name ("stage.jpg"), got "https://example.com/chart.png"',
      },
      {
        line: 9,
        message:
          'expected a link to https://…, mailto:… or a path starting with /, got "javascript:alert(1)"',
      },
      { line: 9, message: 'expected a picture on a line of its own, not inside a sentence' },
      { line: 11, message: 'expected headings of "## " to "#### ", got #####' },
    ]);
  });

  it('refuses an empty text and one heading twice', () => {
    expect(parsePostText('').problems).toEqual([
      { line: 1, message: 'expected the text of the post' },
    ]);
    expect(parsePostText('## Why\n\nOne.\n\n## Why\n\nTwo.').problems).toEqual([
      { line: 1, message: 'expected each heading to be different, "why" twice' },
    ]);
  });
});

describe('reading a text again', () => {
  it('answers what the first reading did, without reading it again', () => {
    const text = `# Once\n\nRead ${Date.now()} once, shown many times.`;
    const first = parsePostText(text);
    expect(parsePostText(text)).toBe(first);
    expect(parsePostText(`${text}\n\nAnd a second paragraph.`)).not.toBe(first);
  });
});
