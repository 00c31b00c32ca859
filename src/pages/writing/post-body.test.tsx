import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { parsePostText } from '../../../contracts/content/post-text';
import { Blocks } from './post-body';

/**
 * A post's page draws the one Markdown tree (contracts/content/markdown/tree.ts) through the
 * posts' parts: headings with their addresses, the site's type scale, pictures the render resolved.
 */

const pictures = {
  'stage.jpg': { src: '/assets/stage-1a2b.jpg', width: 800, height: 600, alt: 'stage.jpg' },
};

const draw = (text: string) =>
  renderToStaticMarkup(<Blocks blocks={parsePostText(text).blocks} pictures={pictures} />);

describe("a post's text", () => {
  it('draws headings with their addresses, and paragraphs with their emphasis, code and links', () => {
    expect(
      draw(
        '## What buyers _check_\n\n#### Then\n\nSee `npm test` and **[Kit](https://kit.com/)**.',
      ),
    ).toBe(
      [
        '<h2 id="what-buyers-check" class="mt-12 text-step-2 font-semibold">What buyers <em>check</em></h2>',
        '<h4 id="then" class="mt-8 text-step-0 font-semibold">Then</h4>',
        '<p class="mt-5">See <code class="rounded-sm bg-surface px-1 font-mono text-[0.9em]">npm test</code> and <strong><a class="font-semibold underline decoration-accent-strong decoration-2 underline-offset-4 transition-colors hover:decoration-ink" href="https://kit.com/" target="_blank" rel="noopener noreferrer">Kit</a></strong>.</p>',
      ].join(''),
    );
  });

  it('draws lists with their paragraphs, a quotation, code and a dividing line', () => {
    expect(draw('1. one\n   - inner\n\n> said\n\n```\na < b\n```\n\n---')).toBe(
      [
        '<ol class="mt-5 space-y-2 pl-6 marker:text-muted list-decimal"><li class="[&amp;&gt;p:first-child]:mt-0"><p class="mt-5">one</p>',
        '<ul class="mt-5 space-y-2 pl-6 marker:text-muted list-disc"><li class="[&amp;&gt;p:first-child]:mt-0"><p class="mt-5">inner</p></li></ul></li></ol>',
        '<blockquote class="mt-8 border-l-4 border-accent-strong pl-6 text-step-1 leading-snug [&amp;&gt;p:first-child]:mt-0"><p class="mt-5">said</p></blockquote>',
        '<pre class="mt-6 overflow-x-auto rounded-card bg-surface p-4 font-mono text-step--1"><code>a &lt; b</code></pre>',
        '<hr class="mt-10 border-line"/>',
      ].join(''),
    );
  });

  it('draws a picture the render resolved, with the words the text gives it, and no other', () => {
    const html = draw('![The founder on stage](stage.jpg)\n\n![Not resolved](missing.jpg)');
    expect(html).toMatch(
      /^<figure class="mt-8"><img src="\/assets\/stage-1a2b\.jpg"[^>]* alt="The founder on stage"[^>]*\/><\/figure>$/,
    );
  });
});
