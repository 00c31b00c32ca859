import { describe, expect, it } from 'vitest';
import { ownerRoutes, sitemapEntries } from './routes';
import { siteOrigins } from './sites';
import { latestPosts, postFoot } from './writing';

/**
 * A post dated ahead in the sitemaps (docs/decisions/028-writing.md): until its time no address
 * names it and no `lastmod` says its date, not the index's, not its tags'; nor does an update
 * dated ahead of a post already out. Once the time comes, both show.
 */
const now = Date.parse('2026-11-27T12:00:00Z');
const nextYear = `${new Date(now).getUTCFullYear() + 1}-03-01T07:00:00+00:00`;
const origins = siteOrigins('https://founder.example', {
  sellableBusiness: 'sellable.example',
  waitlist: 'wait.example',
  book: 'book.example',
});

const content = {
  pages: {},
  writing: { path: '/cheatcodes', perPage: 3 },
  posts: {
    'the-first-hire': { date: '2026-11-01T07:00:00+00:00', tags: ['Hiring'] },
    'numbers-a-buyer-reads': {
      date: '2026-11-08T07:00:00+00:00',
      updated: '2026-11-10T09:30:00+00:00',
      tags: ['Numbers'],
    },
    // Out already; its update is not.
    'a-week-without-you': {
      date: '2026-11-15T07:00:00+00:00',
      updated: nextYear,
      tags: ['Numbers'],
    },
    'the-secret-launch': { date: nextYear, tags: ['Hiring', 'Secret plans'] },
  },
};

const sitemapAt = (at: number) =>
  Object.fromEntries(
    sitemapEntries('main', origins, ownerRoutes(content), at).map(({ url, lastmod }) => [
      url.replace('https://founder.example', ''),
      lastmod,
    ]),
  );

describe('the sitemap with a post dated next year', () => {
  it('names neither it nor its date, nor an update dated ahead, before their time', () => {
    const sitemap = sitemapAt(now);
    expect(Object.keys(sitemap).filter((path) => path.startsWith('/cheatcodes'))).toEqual([
      '/cheatcodes',
      '/cheatcodes/a-week-without-you',
      '/cheatcodes/numbers-a-buyer-reads',
      '/cheatcodes/tags/hiring',
      '/cheatcodes/tags/numbers',
      '/cheatcodes/the-first-hire',
    ]);
    for (const [path, lastmod] of Object.entries(sitemap)) {
      if (lastmod) expect(Date.parse(lastmod), path).toBeLessThanOrEqual(now);
    }
    // The index and its tags changed last when the newest post out came out.
    expect(sitemap['/cheatcodes']).toBe('2026-11-15T07:00:00.000Z');
    expect(sitemap['/cheatcodes/tags/hiring']).toBe('2026-11-01T07:00:00.000Z');
    expect(sitemap['/cheatcodes/tags/numbers']).toBe('2026-11-15T07:00:00.000Z');
    expect(sitemap['/cheatcodes/a-week-without-you']).toBe('2026-11-15T07:00:00.000Z');
    expect(sitemap['/cheatcodes/numbers-a-buyer-reads']).toBe('2026-11-10T09:30:00.000Z');
  });

  it('lists it, with its date on the index and its tags, once its time has come', () => {
    const out = new Date(nextYear).toISOString();
    const sitemap = sitemapAt(Date.parse(nextYear) + 60_000);
    expect(sitemap['/cheatcodes/the-secret-launch']).toBe(out);
    expect(sitemap['/cheatcodes/tags/secret-plans']).toBe(out);
    expect(sitemap['/cheatcodes/tags/hiring']).toBe(out);
    expect(sitemap['/cheatcodes']).toBe(out);
    // Four posts at three a page: the index's second page opens with the fourth.
    expect(sitemap['/cheatcodes/page/2']).toBe(out);
    expect(sitemap['/cheatcodes/a-week-without-you']).toBe(out);
  });
});

/** Five posts a week apart, one dated next year; tags as a reader would file them. */
const archive = {
  'the-first-hire': { date: '2026-11-01T07:00:00+00:00', tags: ['Hiring', 'Getting out'] },
  'numbers-a-buyer-reads': { date: '2026-11-08T07:00:00+00:00', tags: ['Numbers'] },
  'a-week-without-you': { date: '2026-11-15T07:00:00+00:00', tags: ['Getting out'] },
  'the-second-hire': { date: '2026-11-22T07:00:00+00:00', tags: ['hiring'] },
  'hire-slowly': { date: '2026-11-25T07:00:00+00:00', tags: ['Hiring'] },
  'the-secret-launch': { date: nextYear, tags: ['Hiring'] },
};
const slugs = (list: ReadonlyArray<{ slug: string }>) => list.map(({ slug }) => slug);

describe('the latest writing', () => {
  it('is the newest three posts out', () => {
    expect(slugs(latestPosts(archive, now))).toEqual([
      'hire-slowly',
      'the-second-hire',
      'a-week-without-you',
    ]);
  });

  it('leaves out a post dated ahead until its time, then leads with it', () => {
    const at = Date.parse(nextYear);
    expect(slugs(latestPosts(archive, at - 1))).not.toContain('the-secret-launch');
    expect(slugs(latestPosts(archive, at))).toEqual([
      'the-secret-launch',
      'hire-slowly',
      'the-second-hire',
    ]);
  });

  it('is as many as are out when fewer than three are', () => {
    expect(slugs(latestPosts(archive, Date.parse('2026-11-09T00:00:00Z')))).toEqual([
      'numbers-a-buyer-reads',
      'the-first-hire',
    ]);
    expect(latestPosts(archive, Date.parse('2026-10-01T00:00:00Z'))).toEqual([]);
  });
});

describe('a post’s foot', () => {
  const foot = (slug: string, at = now) => {
    const { previous, next, tag, more } = postFoot(archive, slug, at);
    return { previous: previous?.slug, next: next?.slug, tag, more: slugs(more) };
  };

  it('names the older post as previous and the newer as next', () => {
    expect(foot('a-week-without-you')).toMatchObject({
      previous: 'numbers-a-buyer-reads',
      next: 'the-second-hire',
    });
  });

  it('has no previous at the oldest post and no next at the newest out', () => {
    expect(foot('the-first-hire')).toMatchObject({
      previous: undefined,
      next: 'numbers-a-buyer-reads',
    });
    // The post dated ahead is no neighbour before its time; then it is.
    expect(foot('hire-slowly')).toMatchObject({ previous: 'the-second-hire', next: undefined });
    expect(foot('hire-slowly', Date.parse(nextYear))).toMatchObject({
      next: 'the-secret-launch',
    });
  });

  it('offers more under its first tag, whatever its spelling, never itself nor a neighbour', () => {
    // "Hiring": the second hire is its neighbour, so only the first hire is left out of time.
    expect(foot('hire-slowly')).toEqual({
      previous: 'the-second-hire',
      next: undefined,
      tag: 'Hiring',
      more: ['the-first-hire'],
    });
    // Its first tag only: "Getting out", not "Hiring".
    expect(foot('the-first-hire')).toMatchObject({
      tag: 'Hiring',
      more: ['hire-slowly', 'the-second-hire'],
    });
    expect(foot('numbers-a-buyer-reads').more).toEqual([]);
  });

  it('offers at most three, the newest first, and a post dated ahead only from its time', () => {
    const many = {
      ...archive,
      'hire-for-attitude': { date: '2026-10-01T07:00:00+00:00', tags: ['Hiring'] },
      'hire-a-deputy': { date: '2026-10-08T07:00:00+00:00', tags: ['Hiring'] },
    };
    const more = (at: number) => slugs(postFoot(many, 'hire-for-attitude', at).more);
    expect(more(now)).toEqual(['hire-slowly', 'the-second-hire', 'the-first-hire']);
    expect(more(Date.parse(nextYear))).toEqual([
      'the-secret-launch',
      'hire-slowly',
      'the-second-hire',
    ]);
  });

  it('is empty for a post the content does not have, and has no tag for a post with none', () => {
    expect(postFoot(archive, 'no-such-post', now)).toEqual({ more: [] });
    expect(
      postFoot(
        { ...archive, untagged: { date: '2026-11-02T07:00:00+00:00', tags: [] } },
        'untagged',
        now,
      ),
    ).toEqual({
      previous: { slug: 'the-first-hire', post: archive['the-first-hire'] },
      next: { slug: 'numbers-a-buyer-reads', post: archive['numbers-a-buyer-reads'] },
      more: [],
    });
  });
});
