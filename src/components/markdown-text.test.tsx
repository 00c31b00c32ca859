import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { deepestNesting } from '../../contracts/content/markdown/profile';
import { readMarkdown } from '../../contracts/content/markdown/read';
import type { MarkdownBlock } from '../../contracts/content/markdown/tree';
import { postText } from '../../contracts/content/post-text';
import { MarkdownBlocks, type MarkdownParts } from './markdown-text';

/**
 * The one React renderer of the owner's Markdown draws the tree it is given, through the parts of
 * the place that shows it, and reads nothing as Markdown or HTML itself.
 */

const draw = (blocks: readonly MarkdownBlock[], parts: MarkdownParts = {}) =>
  renderToStaticMarkup(<MarkdownBlocks blocks={blocks} parts={parts} />);

const words = (text: string) => ({ kind: 'text', text }) as const;

describe('the Markdown renderer', () => {
  it('draws each kind as its plain element where a place gives no part', () => {
    const { blocks } = readMarkdown(
      [
        '## A **bold** _and_ `coded` heading',
        '',
        '1. one',
        '2. two  ',
        '   broken',
        '',
        '> quoted',
        '',
        '```',
        'a < b',
        '```',
        '',
        '---',
      ].join('\n'),
      postText,
    );
    expect(draw(blocks)).toBe(
      [
        '<h2 id="a-bold-and-coded-heading">A <strong>bold</strong> <em>and</em> <code>coded</code> heading</h2>',
        '<ol><li><p>one</p></li><li><p>two<br/>broken</p></li></ol>',
        '<blockquote><p>quoted</p></blockquote>',
        '<pre><code>a &lt; b</code></pre>',
        '<hr/>',
      ].join(''),
    );
  });

  it("draws a link as the site's text links are, another site's in a new tab", () => {
    const link = (href: string, external: boolean) =>
      ({ kind: 'link', href, external, children: [words('here')] }) as const;
    const html = draw([
      { kind: 'paragraph', text: [link('/book', false), link('https://kit.com/', true)] },
    ]);
    expect(html).toMatch(/^<p><a class="[^"]*underline[^"]*" href="\/book">here<\/a>/);
    expect(html).toContain('href="https://kit.com/" target="_blank" rel="noopener noreferrer"');
  });

  it('draws what a place gives, telling a block where it stands', () => {
    const parts: MarkdownParts = {
      block: {
        paragraph: (_, inner, place) => <p data-place={place}>{inner}</p>,
        picture: (block) => <figure data-src={block.src}>{block.alt}</figure>,
      },
      item: (inner) => <li className="item">{inner}</li>,
      inline: { 'owner-detail': (part) => <mark>{part.what}</mark> },
    };
    const html = draw(
      [
        { kind: 'paragraph', text: [{ kind: 'owner-detail', what: 'company number' }] },
        { kind: 'list', ordered: false, items: [[{ kind: 'paragraph', text: [words('in')] }]] },
        { kind: 'quote', blocks: [{ kind: 'picture', src: 'stage.jpg', alt: 'On stage' }] },
      ],
      parts,
    );
    expect(html).toBe(
      [
        '<p data-place="text"><mark>company number</mark></p>',
        '<ul><li class="item"><p data-place="item">in</p></li></ul>',
        '<blockquote><figure data-src="stage.jpg">On stage</figure></blockquote>',
      ].join(''),
    );
  });

  it('shows words as words: Markdown and HTML in the tree are not read again', () => {
    const html = draw([
      { kind: 'paragraph', text: [words('**not bold** <script>alert(1)</script> &amp;')] },
      { kind: 'code', text: '<img src=x onerror=alert(1)>' },
    ]);
    expect(html).toBe(
      '<p>**not bold** &lt;script&gt;alert(1)&lt;/script&gt; &amp;amp;</p><pre><code>&lt;img src=x onerror=alert(1)&gt;</code></pre>',
    );
  });

  it('leaves out what needs its place to show it: a picture, a table, the consent button', () => {
    expect(
      draw([
        { kind: 'picture', src: 'stage.jpg', alt: 'On stage' },
        { kind: 'table' },
        { kind: 'consent-button', label: 'Change' },
      ]),
    ).toBe('');
  });

  it('draws a tree nested as deep as the reader allows', () => {
    const text = Array.from(
      { length: deepestNesting },
      (_, depth) => `${'  '.repeat(depth)}- level`,
    ).join('\n');
    const html = draw(readMarkdown(text, postText).blocks);
    expect(html.match(/<ul>/g)).toHaveLength(deepestNesting);
  });
});
