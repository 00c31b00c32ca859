import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DocumentId } from '../../../contracts/content/experiments';
import { allPageIds, ownerRoutes } from '../../../contracts/routes';
import { shareImagePath } from '../../../contracts/share-images';
import type { Store } from '../../db/store';
import { type StaticFile, staticFile } from '../../http/static-files';
import type { Site } from '../../site';
import { openStore } from '../../store';
import { createTestApp } from '../../testing/app';
import { testSite } from '../../testing/site';

/**
 * A post dated next year, as a visitor or a crawler asks the server for it before its time
 * (docs/decisions/028-writing.md): its page, its tag's page, the sitemap, both feeds and its share
 * card say nothing of it, its title, its slug or its date; once the clock passes its date, all do,
 * without a restart. The pages' own words are the renderer's (src/pages/writing/).
 */
const now = Date.parse('2026-11-27T12:00:00Z');
const nextYear = `${new Date(now).getUTCFullYear() + 1}-03-01T07:00:00+00:00`;
const out = Date.parse(nextYear);
/** An update dated ahead, of a post out already, that comes before the post of next year. */
const updateAhead = `${new Date(now).getUTCFullYear() + 1}-01-15T07:00:00+00:00`;

const writing = { name: 'Cheatcodes', path: '/cheatcodes', perPage: 3 };
const posts = {
  'the-first-hire': {
    title: 'The first hire',
    description: 'Out first.',
    date: '2026-11-01T07:00:00+00:00',
    tags: ['Hiring'],
    body: 'Hire the person who takes a job off your desk.',
  },
  'numbers-a-buyer-reads': {
    title: 'Numbers a buyer reads',
    description: 'Out second; updated since.',
    date: '2026-11-08T07:00:00+00:00',
    updated: '2026-11-10T09:30:00+00:00',
    tags: ['Numbers'],
    body: 'A buyer reads the margin first.',
  },
  'a-week-without-you': {
    title: 'A week without you',
    description: "Out third: the index's first page is full.",
    date: '2026-11-15T07:00:00+00:00',
    updated: updateAhead,
    tags: [],
    body: 'Take a week off and see what stops.',
  },
  'the-secret-launch': {
    title: 'The secret launch',
    description: 'Nobody may know yet.',
    date: nextYear,
    tags: ['Hiring', 'Secret plans'],
    body: 'The plan in full.\n\n![The plan](plan.png)',
  },
};
const routes = ownerRoutes({ pages: {}, writing, posts });
const cardOf = (page: DocumentId) => shareImagePath(page as never, 'AbCd-_12xyz');
const png = (name: string): StaticFile => staticFile(`${name}.png`, Buffer.from(`png of ${name}`));

const site: Site = testSite({
  pages: new Map(
    [...allPageIds(routes), 'not-found' as const].map((page) => [
      page,
      staticFile(
        `${page}.html`,
        Buffer.from(`<h1>${page === 'not-found' ? 'Not found' : 'A page'}</h1>`),
      ),
    ]),
  ),
  files: new Map([
    [cardOf('posts/the-first-hire'), png('the-first-hire')],
    [cardOf('posts/the-secret-launch'), png('the-secret-launch')],
    [cardOf('writing/tags/secret-plans'), png('secret-plans')],
  ]),
  routes: { redirects: [], ownerRoutes: routes },
  writing: {
    name: writing.name,
    path: writing.path,
    description: 'One idea a week.',
    author: 'Jamie Castell',
    posts,
    pictures: {
      'the-secret-launch': { 'plan.png': { src: '/assets/images/plan-5e1f.png', alt: 'plan.png' } },
    },
  },
});

let store: Store;
let app: ReturnType<typeof createTestApp>;
beforeAll(async () => {
  store = await openStore({
    DATA_DIR: mkdtempSync(join(tmpdir(), 'scheduled-posts-test-')),
    DATABASE_URL: undefined,
  });
});
afterAll(() => store.close());
afterEach(() => vi.useRealTimers());

const get = (path: string) => app.request(path, { headers: { host: 'founder.example' } });

/** What the server answers for each address a visitor or a crawler could try, at the clock's time. */
async function answers() {
  const paths = [
    '/sitemap.xml',
    '/cheatcodes/rss.xml',
    '/cheatcodes/atom.xml',
    '/cheatcodes/feed.json',
    '/cheatcodes',
    '/cheatcodes/page/2',
    '/cheatcodes/tags/hiring',
    '/cheatcodes/tags/secret-plans',
    '/cheatcodes/the-secret-launch',
    cardOf('posts/the-secret-launch'),
    cardOf('writing/tags/secret-plans'),
    cardOf('posts/the-first-hire'),
  ];
  const found = new Map<string, { status: number; type: string; body: string }>();
  for (const path of paths) {
    const response = await get(path);
    found.set(path, {
      status: response.status,
      type: response.headers.get('content-type') ?? '',
      body: await response.text(),
    });
  }
  return found;
}

describe('a post dated next year, asked for before and after its time', () => {
  it('is on no page, in no sitemap or feed, and its card is not served, before its time', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now });
    app = createTestApp(store, { SITE_URL: 'https://founder.example' }, undefined, undefined, site);
    const found = await answers();
    for (const [path, { body }] of found) {
      expect(body, path).not.toMatch(/secret|plan/i);
      // Its date in any of the forms the sitemap and the feeds write one.
      for (const ahead of [nextYear, updateAhead]) {
        expect(body, path).not.toContain(ahead.slice(0, 10));
        expect(body, path).not.toContain(new Date(ahead).toUTCString().slice(0, 16));
      }
    }
    for (const path of [
      '/cheatcodes/the-secret-launch',
      '/cheatcodes/tags/secret-plans',
      '/cheatcodes/page/2',
      cardOf('posts/the-secret-launch'),
      cardOf('writing/tags/secret-plans'),
    ]) {
      expect(found.get(path)?.status, path).toBe(404);
      expect(found.get(path)?.type, path).toContain('text/html');
    }
    expect(found.get(cardOf('posts/the-first-hire'))).toMatchObject({
      status: 200,
      type: 'image/png',
    });
    // Every date the sitemap and the feeds give is one already passed.
    for (const path of ['/sitemap.xml', '/cheatcodes/rss.xml', '/cheatcodes/atom.xml']) {
      const dates = [
        ...(found.get(path)?.body ?? '').matchAll(
          /<(lastmod|lastBuildDate|pubDate|published|updated)>([^<]+)</g,
        ),
      ].map(([, , date]) => Date.parse(date ?? ''));
      expect(dates.length, path).toBeGreaterThan(0);
      for (const date of dates) expect(date, path).toBeLessThanOrEqual(now);
    }
    expect(found.get('/sitemap.xml')?.body).toContain(
      '<loc>https://founder.example/cheatcodes</loc><lastmod>2026-11-15T07:00:00.000Z</lastmod>',
    );
    const json = JSON.parse(found.get('/cheatcodes/feed.json')?.body ?? '{}');
    expect(json.items.map(({ title }: { title: string }) => title)).toEqual([
      'A week without you',
      'Numbers a buyer reads',
      'The first hire',
    ]);
    for (const { date_published, date_modified } of json.items) {
      expect(Date.parse(date_published)).toBeLessThanOrEqual(now);
      expect(Date.parse(date_modified)).toBeLessThanOrEqual(now);
    }
  });

  it('an update dated ahead dates the sitemap and the feeds once it has come, without a restart', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now });
    app = createTestApp(store, { SITE_URL: 'https://founder.example' }, undefined, undefined, site);
    await answers();
    vi.setSystemTime(Date.parse(updateAhead) + 60_000);
    const found = await answers();
    const iso = new Date(updateAhead).toISOString();
    const sitemap = found.get('/sitemap.xml')?.body;
    expect(sitemap).toContain(
      `<loc>https://founder.example/cheatcodes/a-week-without-you</loc><lastmod>${iso}</lastmod>`,
    );
    expect(sitemap).toContain(
      `<loc>https://founder.example/cheatcodes</loc><lastmod>${iso}</lastmod>`,
    );
    expect(found.get('/cheatcodes/atom.xml')?.body).toMatch(
      new RegExp(`^<updated>${iso}</updated>$`, 'm'),
    );
    expect(found.get('/cheatcodes/rss.xml')?.body).toContain(
      `<lastBuildDate>${new Date(updateAhead).toUTCString()}</lastBuildDate>`,
    );
    // Still nothing of the post of next year.
    for (const [path, { body }] of found) expect(body, path).not.toMatch(/secret/i);
  });

  it('is everywhere, dated, and its card served, once the clock passes its date', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now });
    app = createTestApp(store, { SITE_URL: 'https://founder.example' }, undefined, undefined, site);
    // Asked for before, so that what the server made then is not what it answers after.
    await answers();
    vi.setSystemTime(out + 60_000);
    const found = await answers();
    const iso = new Date(out).toISOString();
    const sitemap = found.get('/sitemap.xml')?.body;
    expect(sitemap).toContain(
      `<loc>https://founder.example/cheatcodes/the-secret-launch</loc><lastmod>${iso}</lastmod>`,
    );
    expect(sitemap).toContain(
      `<loc>https://founder.example/cheatcodes/tags/secret-plans</loc><lastmod>${iso}</lastmod>`,
    );
    expect(sitemap).toContain(
      `<loc>https://founder.example/cheatcodes</loc><lastmod>${iso}</lastmod>`,
    );
    expect(found.get('/cheatcodes/rss.xml')?.body).toContain('<title>The secret launch</title>');
    expect(found.get('/cheatcodes/atom.xml')?.body).toContain('<title>The secret launch</title>');
    expect(JSON.parse(found.get('/cheatcodes/feed.json')?.body ?? '{}').items[0]).toMatchObject({
      title: 'The secret launch',
      date_published: iso,
      content_html: expect.stringContaining(
        '<img src="https://founder.example/assets/images/plan-5e1f.png" alt="The plan"',
      ),
    });
    for (const path of [
      '/cheatcodes/the-secret-launch',
      '/cheatcodes/tags/secret-plans',
      '/cheatcodes/page/2',
      cardOf('posts/the-secret-launch'),
      cardOf('writing/tags/secret-plans'),
    ]) {
      expect(found.get(path)?.status, path).toBe(200);
    }
    expect(found.get(cardOf('posts/the-secret-launch'))?.body).toBe('png of the-secret-launch');
  });
});
