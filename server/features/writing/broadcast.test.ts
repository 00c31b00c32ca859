import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { newslettersIn } from './broadcast';

const dirs: string[] = [];
afterEach(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

/** A render's input holding the writing and these posts, as a publish's render writes it. */
async function renderInput(posts: Record<string, object>, pictures: Record<string, object> = {}) {
  const dir = await mkdtemp(join(tmpdir(), 'newsletter-'));
  dirs.push(dir);
  const file = join(dir, 'render-input.json');
  await writeFile(
    file,
    JSON.stringify({
      content: {
        writing: {
          path: '/cheatcodes',
          newsletter: { broadcast: 'scheduled', readOnline: 'Read this on the site' },
        },
        posts,
        postPictures: pictures,
      },
    }),
  );
  return file;
}

const post = {
  title: 'The first hire',
  description: 'Hire the person who takes a job off your desk.',
  date: '2026-11-29T07:00:00+00:00',
  tags: [],
};

it("makes each marked post's email: the post's link first, every link and picture absolute, the owner's words escaped", async () => {
  const file = await renderInput(
    {
      'the-first-hire': {
        ...post,
        newsletter: true,
        cover: { src: '/images/cover-1a2b.jpg', alt: 'A desk, cleared' },
        body: [
          'Keep fees < 5% & say "no" to the rest.',
          '',
          '## What to hand over',
          '',
          'See [the workshop](/workshop), [below](#what-to-hand-over) and [Kit](https://kit.com).',
          '',
          '![The list on the wall](wall.jpg)',
        ].join('\n'),
      },
      'not-sent': { ...post, newsletter: false, body: 'Only on the site.' },
    },
    { 'the-first-hire': { 'wall.jpg': { src: '/images/wall-9f8e.jpg', alt: 'wall.jpg' } } },
  );
  const [email, ...others] = await newslettersIn(file, 'https://jamie.example');
  expect(others).toEqual([]);
  expect(email).toMatchObject({
    slug: 'the-first-hire',
    subject: 'The first hire',
    previewText: 'Hire the person who takes a job off your desk.',
    date: '2026-11-29T07:00:00+00:00',
    broadcast: 'scheduled',
  });
  const html = email?.html ?? '';
  expect(html.split('\n')[0]).toBe(
    '<p><a href="https://jamie.example/cheatcodes/the-first-hire">Read this on the site</a></p>',
  );
  expect(html).toContain('src="https://jamie.example/images/cover-1a2b.jpg" alt="A desk, cleared"');
  expect(html).toContain('<p>Keep fees &#60; 5% &#38; say &#34;no&#34; to the rest.</p>');
  expect(html).toContain('<h2>What to hand over</h2>');
  expect(html).toContain('href="https://jamie.example/workshop"');
  expect(html).toContain(
    'href="https://jamie.example/cheatcodes/the-first-hire#what-to-hand-over"',
  );
  expect(html).toContain('href="https://kit.com/"');
  expect(html).toContain(
    'src="https://jamie.example/images/wall-9f8e.jpg" alt="The list on the wall"',
  );
});

it("keys each email by its post's id, or by its file name for a post from before ids", async () => {
  const file = await renderInput({
    'renamed-since': {
      ...post,
      id: '1410f843-8d33-44c9-b21b-13ca7c3a0544',
      newsletter: true,
      body: 'A.',
    },
    'from-before-ids': { ...post, newsletter: true, body: 'B.' },
  });
  const emails = await newslettersIn(file, 'https://jamie.example');
  expect(emails.map(({ id, slug }) => ({ id, slug }))).toEqual([
    { id: '1410f843-8d33-44c9-b21b-13ca7c3a0544', slug: 'renamed-since' },
    { id: 'from-before-ids', slug: 'from-before-ids' },
  ]);
});

it('makes none from a render without the writing', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'newsletter-'));
  dirs.push(dir);
  const file = join(dir, 'render-input.json');
  await writeFile(file, JSON.stringify({ content: {} }));
  expect(await newslettersIn(file, 'https://jamie.example')).toEqual([]);
});

it("draws every kind a post's text may hold as plain email HTML, from the one tree", async () => {
  const file = await renderInput({
    'every-kind': {
      ...post,
      newsletter: true,
      body: [
        '### A _third_ level',
        '',
        '1. **one** and `code`',
        '   - inner',
        '',
        '> said  ',
        '> twice',
        '',
        '```',
        'a < b',
        '```',
        '',
        '---',
        '',
        '[[Owner: company]] stays words in a post.',
      ].join('\n'),
    },
  });
  const [email] = await newslettersIn(file, 'https://jamie.example');
  expect(email?.html.split('\n').slice(1)).toEqual([
    '<h3>A <em>third</em> level</h3>',
    '<ol><li><p><strong>one</strong> and <code>code</code></p><ul><li><p>inner</p></li></ul></li></ol>',
    '<blockquote><p>said<br>twice</p></blockquote>',
    '<pre><code>a &#60; b</code></pre>',
    '<hr>',
    '<p>[[Owner: company]] stays words in a post.</p>',
  ]);
});
