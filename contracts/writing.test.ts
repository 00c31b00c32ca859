import { describe, expect, it } from 'vitest';
import { ownerRoutes, sitemapEntries } from './routes';
import { siteOrigins } from './sites';

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
