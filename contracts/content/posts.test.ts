import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
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
      '  content/writing.yaml:44 newsletter.broadcast: expected draft (the owner sends it from Kit) or scheduled (Kit sends it at the post\'s time), got "weekly"',
    ]);
  });
});
