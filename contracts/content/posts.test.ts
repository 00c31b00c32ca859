import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseDocument } from 'yaml';
import { contentCopies, sampleContentDir } from '../testing/content-copies';
import { tagSlug } from '../writing';
import { loadContent } from './load';

/**
 * The writing as content (docs/decisions/028-writing.md): each post of content/posts/ is read
 * with its front matter and its text, and refused with its file, line and field where the site
 * could not show it as written.
 */

describe('the posts of a content directory', () => {
  const { contentWith, loadProblems } = contentCopies('posts');

  const post = (front: string, body = 'A paragraph.\n') =>
    `---\ntitle: A post\ndescription: What it says.\ndate: "2026-11-22T07:00:00+00:00"\n${front}---\n${body}`;

  it('loads the sample posts by their file names, with the section that lists them', async () => {
    const content = await loadContent(sampleContentDir);
    expect(Object.keys(content.posts).sort()).toEqual([
      'a-week-without-you',
      'numbers-a-buyer-reads',
      'the-first-hire',
    ]);
    expect(content.posts['the-first-hire']).toMatchObject({
      title: 'The first hire is the one who replaces you',
      tags: ['Hiring', 'Getting out of the way'],
      // Sample posts: a first Publish must not make Kit drafts of them.
      newsletter: false,
    });
    expect(content.writing).toMatchObject({
      name: 'Cheatcodes',
      path: '/cheatcodes',
      newsletter: { broadcast: 'draft', readOnline: 'Read this on the site' },
    });
    expect(tagSlug('Getting out of the way')).toBe('getting-out-of-the-way');
  });

  it('refuses what the page could not show, at the line of the file it is on', async () => {
    const problems = await loadProblems(
      await contentWith({
        'posts/bad.md': post(
          'tags:\n  - Hiring\n  - hiring\nupdated: "2026-11-01T07:00:00+00:00"\ncover:\n  src: portrait.svg\n  alt: ""\n',
          'Fine.\n\n<img src=x onerror=alert(1)>\n',
        ),
      }),
    );
    expect(problems).toEqual([
      '  content/posts/bad.md:11 cover.alt: expected alt text: what the picture shows, for screen readers, got ""',
      '  content/posts/bad.md:15 body: expected paragraphs, lists, quotations, links, pictures and "## " headings; found HTML (write plain Markdown: HTML is not allowed on the site)',
      '  content/posts/bad.md:7 tags[1]: expected each tag once: "hiring" is already a tag',
      '  content/posts/bad.md:8 updated: expected the update on or after the date',
    ]);
  });

  it('refuses a post without a date or a title, and a file name that cannot be a post’s', async () => {
    const problems = await loadProblems(
      await contentWith({
        'posts/Bad Name.md': post(''),
        'posts/undated.md': '---\ndescription: What it says.\n---\nText.\n',
      }),
    );
    expect(problems).toEqual([
      '  content/posts/Bad Name.md:1: expected a file name of lower-case letters, digits and hyphens ending in .md ("first-hire.md")',
      '  content/posts/undated.md:2 title: expected text, got nothing (the field is required)',
      '  content/posts/undated.md:2 date: expected a date-time with a UTC offset (2026-12-10T18:00:00+00:00), got nothing (the field is required)',
    ]);
  });

  it("refuses two posts with one id (a post's file name is its id when it has none), and an id that is not one", async () => {
    const seed = await readFile(join(sampleContentDir, 'posts/the-first-hire.md'), 'utf8');
    const seedId = /^id: (.+)$/m.exec(seed)?.[1];
    const clash = (file: string, id: string, other: string) =>
      `  content/posts/${file}:5 id: its id "${id}" is already the id of posts/${other}: give the copy an id of its own (lower-case letters, digits and hyphens), so that each post's newsletter goes out once`;
    expect(
      await loadProblems(
        await contentWith({
          'posts/x-copy.md': post(`id: ${seedId}\n`),
          'posts/from-before-ids.md': post(''),
          'posts/x-renamed.md': post('id: from-before-ids\n'),
        }),
      ),
    ).toEqual([
      clash('x-copy.md', seedId ?? '', 'the-first-hire.md'),
      clash('x-renamed.md', 'from-before-ids', 'from-before-ids.md'),
    ]);
    expect(
      await loadProblems(await contentWith({ 'posts/odd.md': post('id: "Not an id\\n"\n') })),
    ).toEqual([
      '  content/posts/odd.md:5 id: expected an id of lower-case letters, digits and hyphens, got "Not an id\\n"',
    ]);
  });

  it('refuses a section whose path is not one segment, words without their placeholder, and a newsletter neither draft nor scheduled', async () => {
    const writing = await readFile(join(sampleContentDir, 'writing.yaml'), 'utf8');
    const problems = await loadProblems(
      await contentWith({
        'writing.yaml': writing
          .replace('path: /cheatcodes', 'path: /writing/all')
          .replace('readingTime: "{minutes} min read"', 'readingTime: A short read')
          .replace('broadcast: draft', 'broadcast: weekly'),
      }),
    );
    expect(problems).toEqual([
      '  content/writing.yaml:6 path: expected one path segment of lower-case letters, digits and hyphens ("/cheatcodes"), got "/writing/all"',
      '  content/writing.yaml:17 words.readingTime: expected {minutes} where the number goes, got "A short read"',
      '  content/writing.yaml:45 newsletter.broadcast: expected draft (the owner sends it from Kit) or scheduled (Kit sends it at the post\'s time), got "weekly"',
    ]);
  });
});

/**
 * The writing's pages keep their places (docs/decisions/026-owner-pages.md): the index, a tag's
 * page and a post's answer where the route table puts them, so an owner's page or a redirect may
 * not take one of those paths; the build refuses it with the file, line and field.
 */
describe('the paths of the writing', () => {
  const { contentWith, loadProblems } = contentCopies('writing-paths');
  const siteYaml = readFileSync(join(sampleContentDir, 'site.yaml'), 'utf8');
  const pressYaml = readFileSync(join(sampleContentDir, 'pages/press.yaml'), 'utf8');

  /** The sample site settings with these redirects on the main site in place of its own. */
  const withRedirects = (...from: string[]) => {
    const document = parseDocument(siteYaml);
    document.setIn(
      ['redirects'],
      from.map((path) => ({ site: 'main', from: path, to: '/', kind: 'permanent' })),
    );
    return String(document);
  };
  const lineOf = (text: string, needle: string) =>
    text.split('\n').findIndex((line) => line.endsWith(needle)) + 1;

  it('refuse a redirect from the index, a tag’s page or a post, at its line in the site settings', async () => {
    const site = withRedirects(
      '/cheatcodes',
      '/cheatcodes/tags/hiring',
      '/cheatcodes/the-first-hire',
    );
    const problems = await loadProblems(await contentWith({ 'site.yaml': site }));
    expect(problems).toEqual([
      `  content/site.yaml:${lineOf(site, 'from: /cheatcodes')} redirects[0].from: /cheatcodes is the writing's index: a redirect from it would hide the page`,
      `  content/site.yaml:${lineOf(site, 'from: /cheatcodes/tags/hiring')} redirects[1].from: /cheatcodes/tags/hiring is the writing's page of the tag "hiring": a redirect from it would hide the page`,
      `  content/site.yaml:${lineOf(site, 'from: /cheatcodes/the-first-hire')} redirects[2].from: /cheatcodes/the-first-hire is the post content/posts/the-first-hire.md: a redirect from it would hide the page`,
    ]);
  });

  it('refuse a post whose path a redirect already takes, at the redirect', async () => {
    const site = withRedirects('/cheatcodes/second-hire');
    // Another post: a copy of one under its own id, where the post has one.
    const post = readFileSync(join(sampleContentDir, 'posts/the-first-hire.md'), 'utf8').replace(
      /^id: .+$/m,
      `id: ${randomUUID()}`,
    );
    const problems = await loadProblems(
      await contentWith({ 'site.yaml': site, 'posts/second-hire.md': post }),
    );
    expect(problems).toEqual([
      `  content/site.yaml:${lineOf(site, 'from: /cheatcodes/second-hire')} redirects[0].from: /cheatcodes/second-hire is the post content/posts/second-hire.md: a redirect from it would hide the page`,
    ]);
  });

  it('allow a redirect from a post or a tag that is no more: a renamed post keeps its old links', async () => {
    const site = withRedirects(
      '/cheatcodes/first-hire',
      '/cheatcodes/tags/hires',
      '/cheatcodes-old',
    );
    expect(await loadProblems(await contentWith({ 'site.yaml': site }))).toEqual([]);
  });

  it.each([
    ['the index', '/cheatcodes'],
    ['a tag’s page', '/cheatcodes/tags/hiring'],
    ['a post', '/cheatcodes/the-first-hire'],
  ])('refuse an owner’s page at the path of %s', async (_, path) => {
    // A new page, so the press page stays where the menus name it (content/site.yaml).
    const page = parseDocument(pressYaml);
    page.setIn(['path'], path);
    const problems = await loadProblems(await contentWith({ 'pages/talks.yaml': String(page) }));
    expect(problems).toEqual([
      `  content/writing.yaml:6 path: "/cheatcodes" is where the page "talks" is (${path}); choose another path for the writing or the page`,
    ]);
  });
});
