import { describe, expect, it } from 'vitest';
import { parsePostText } from '../../../contracts/content/post-text';
import { postTextOfHtml } from './html';
import { slugOfTitle } from './import';
import { withoutLiquid } from './kit-broadcasts';

/** The Markdown of some HTML, each picture named after its address's last part. */
async function markdownOf(html: string, base?: string) {
  const notes: string[] = [];
  const markdown = await postTextOfHtml(html, {
    base,
    title: 'The title',
    picture: async (url) => (url.includes('gone') ? null : (url.split('/').pop() ?? null)),
    note: (text) => notes.push(text),
  });
  return { markdown, notes, problems: parsePostText(markdown).problems };
}

describe('an issue’s HTML as a post’s Markdown', () => {
  it('keeps headings from ## to ####, and each heading once', async () => {
    const { markdown, problems } = await markdownOf(
      '<h1>The title</h1><p>Intro.</p><h1>Big</h1><h3>Mid</h3><h6>Small</h6><h2>Big</h2><h2></h2>',
    );
    expect(markdown).toBe('Intro.\n\n## Big\n\n### Mid\n\n#### Small\n\n**Big**');
    expect(problems).toEqual([]);
  });

  it('puts each picture on a line of its own, out of its paragraph, heading or link', async () => {
    const { markdown, problems } = await markdownOf(
      [
        '<p>Before <a href="https://x.example/big"><img src="https://cdn.example/a.png" alt="A"></a> after.</p>',
        '<h2>Heading <img src="https://cdn.example/b.png"></h2>',
        '<ul><li>Item <img src="https://cdn.example/c.png" alt="C"></li></ul>',
        '<p><img src="https://cdn.example/gone.png" alt="Gone"></p>',
        '<p><img src="data:image/png;base64,AAAA" alt="Inline"></p>',
      ].join(''),
    );
    expect(markdown).toBe(
      [
        'Before after.',
        '![A](a.png)',
        '## Heading',
        '![The title](b.png)',
        '-   Item\n\n    ![C](c.png)',
      ].join('\n\n'),
    );
    expect(problems).toEqual([]);
  });

  it('keeps links to the web and mail, and only their words otherwise', async () => {
    const { markdown } = await markdownOf(
      '<p><a href="/p/2">Next</a>, <a href="mailto:jo@example.com">mail</a>, <a href="#top">top</a>, <a href="tel:+44">call</a>.</p><div><a href="https://x.example"><p>block</p></a></div>',
      'https://old.example/p/1',
    );
    expect(markdown).toBe(
      '[Next](https://old.example/p/2), [mail](mailto:jo@example.com), top, call.\n\nblock',
    );
  });

  it('writes what Markdown or the site would read as more than words so it shows as typed', async () => {
    const { markdown, problems } = await markdownOf(
      '<p>1 &lt; 2 &amp;copy; {founder} * _x_ [y]</p><p><code>{a}</code></p><pre>if (x) {b}</pre>',
    );
    expect(markdown).toBe(
      '1 \\< 2 \\&copy; {founder\\} \\* \\_x\\_ \\[y\\]\n\n`{\u2060a}`\n\n```\nif (x) {\u2060b}\n```',
    );
    expect(problems).toEqual([]);
  });

  it('takes Kit’s personalisation out', () => {
    expect(withoutLiquid('Hi {{ subscriber.first_name }}, welcome.')).toBe('Hi, welcome.');
    expect(withoutLiquid('Hi {{ subscriber.first_name | default: "there" }}!')).toBe('Hi there!');
    expect(withoutLiquid('{% if subscriber.tags %}Tagged{% endif %} text')).toBe('Tagged text');
  });

  it('names a post from its title', () => {
    expect(slugOfTitle('The first hire: why it matters')).toBe('the-first-hire-why-it-matters');
    expect(slugOfTitle('Café crème à Zürich')).toBe('cafe-creme-a-zurich');
    expect(slugOfTitle('日本語')).toBe('post');
    expect(slugOfTitle(`${'a'.repeat(30)} ${'b'.repeat(40)}`)).toBe('a'.repeat(30));
  });
});
