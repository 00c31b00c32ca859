import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadContent } from '../contracts/content/load';
import { tagsOf } from '../contracts/writing';
import { generatedPosts, writeGeneratedPosts } from './generated-posts';

const root = resolve(import.meta.dirname, '..');
const work = mkdtempSync(join(tmpdir(), 'generated-posts-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('the generated archive of posts', () => {
  it('is content the build takes: one a week, published, each its own address', async () => {
    const dir = join(work, 'content');
    cpSync(join(root, 'content'), dir, { recursive: true });
    const now = Date.parse('2026-11-26T12:00:00Z');
    const posts = await writeGeneratedPosts(dir, 120, now);
    const content = await loadContent(dir);
    for (const { slug } of posts) expect(content.posts[slug]).toBeDefined();
    const dates = posts.map(({ date }) => Date.parse(date));
    expect(Math.max(...dates)).toBeLessThanOrEqual(now);
    expect((dates[0] ?? 0) - (dates[1] ?? 0)).toBe(7 * 86_400_000);
    expect(tagsOf(content.posts).size).toBeGreaterThanOrEqual(15);
  });

  it('is the same for the same count and moment', () => {
    expect(generatedPosts(5, 0)).toEqual(generatedPosts(5, 0));
  });
});
