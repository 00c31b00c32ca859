import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { postFile } from '../../../contracts/content/index';
import { checkFile } from '../../../contracts/content/load';
import type { Post } from '../../../contracts/content/posts';
import { readFeed } from './feed';
import { importPosts } from './import';

/**
 * An archive's words with control characters in them (pasted into Kit, or a feed's stray bytes):
 * the import takes them out, so the post it writes fits the content's words, which refuse them
 * (contracts/content/fields.ts), and the feeds made from it stay XML.
 */
const content = mkdtempSync(join(tmpdir(), 'posts-import-controls-'));
afterAll(() => rmSync(content, { recursive: true, force: true }));

describe('an archive item with control characters in its words', () => {
  it('becomes a post without them, its title read the same', async () => {
    const lines: string[] = [];
    const counts = await importPosts({
      items: [
        {
          source: 'kit-broadcast:7',
          label: 'broadcast 7',
          title: '\u0000Profit\u0007 &amp;\u000b &lt;loss&gt;\u001b[31m ]]> "quoted" 🚀\u007f',
          summary: 'What\u0008 it says.',
          html: '<p>A first\u0000 paragraph,\twith a tab.</p><p>A second\u000c one.</p>',
          date: '2026-11-01T07:00:00Z',
          tags: ['Hir\u0007ing'],
        },
      ],
      contentDir: content,
      say: (line) => lines.push(line),
    });
    expect(lines).toEqual([expect.stringMatching(/^Imported posts\/profit-loss-31m-quoted\.md/)]);
    expect(counts).toEqual({ imported: 1, already: 0, failed: 0 });
    const file = postFile('profit-loss-31m-quoted');
    const checked = checkFile(file, readFileSync(join(content, file.path), 'utf8'));
    if (!('value' in checked)) throw new Error(JSON.stringify(checked.problems));
    const post = checked.value as Post;
    expect(post.title).toBe('Profit & <loss>[31m ]]> "quoted" 🚀');
    expect(post.description).toBe('What it says.');
    expect(post.tags).toEqual(['Hiring']);
    expect(post.body).toBe('A first paragraph, with a tab.\n\nA second one.\n');
  });

  it('read from a feed, loses them from its title', async () => {
    const items = await readFeed(
      '<?xml version="1.0"?><rss version="2.0"><channel><title>Archive</title><item>' +
        '<title>Numbers\u0007 &amp; more</title><guid>urn:1</guid>' +
        '<pubDate>Sun, 08 Nov 2026 07:00:00 GMT</pubDate><description>Words.</description>' +
        '</item></channel></rss>',
    );
    const lines: string[] = [];
    await importPosts({ items, contentDir: content, say: (line) => lines.push(line) });
    expect(lines).toEqual(['Imported posts/numbers-more.md: "Numbers & more"']);
  });
});
