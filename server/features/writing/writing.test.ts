import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPaths } from '../../build-paths';
import type { Store } from '../../db/store';
import { parseEnv } from '../../env';
import { loadSite, type Site } from '../../site';
import { openStore } from '../../store';
import { createTestApp } from '../../testing/app';

/**
 * The writing over the real build (docs/decisions/028-writing.md): its pages on the main site,
 * its feeds, its sitemap entries, and a post dated ahead on none of them before its time.
 */
const built = JSON.parse(readFileSync(buildPaths.info, 'utf8')) as { siteUrl: string };
const env = parseEnv({ LOG_LEVEL: 'silent', SITE_URL: built.siteUrl });
const mainHost = new URL(env.SITE_URL).host;
let site: Site;
let store: Store;

beforeAll(async () => {
  site = await loadSite();
  store = await openStore({
    DATA_DIR: mkdtempSync(join(tmpdir(), 'writing-test-')),
    DATABASE_URL: undefined,
  });
});
afterAll(() => store.close());

const appFor = (served: Site) =>
  createTestApp(store, { SITE_URL: env.SITE_URL }, undefined, undefined, served);
const get = (app: ReturnType<typeof appFor>, path: string) =>
  app.request(path, { headers: { host: mainHost } });

describe("the writing's pages and feeds", () => {
  it('serves the index, a tag, a post and the feeds on the main site, and lists them in its sitemap', async () => {
    const app = appFor(site);
    for (const path of ['/cheatcodes', '/cheatcodes/tags/hiring', '/cheatcodes/the-first-hire']) {
      const response = await get(app, path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('content-type'), path).toContain('text/html');
    }
    expect(await (await get(app, '/cheatcodes/the-first-hire')).text()).toContain(
      'The first hire is the one who replaces you',
    );
    const rss = await get(app, '/cheatcodes/rss.xml');
    expect(rss.headers.get('content-type')).toBe('application/rss+xml; charset=utf-8');
    expect(await rss.text()).toContain('<title>The first hire is the one who replaces you</title>');
    const atom = await get(app, '/cheatcodes/atom.xml');
    expect(atom.headers.get('content-type')).toBe('application/atom+xml; charset=utf-8');
    const json = await get(app, '/cheatcodes/feed.json');
    expect(json.headers.get('content-type')).toBe('application/feed+json');
    // The seed's post in full, made from the render the server serves.
    expect((await json.json()).items).toContainEqual(
      expect.objectContaining({
        title: 'The first hire is the one who replaces you',
        content_html: expect.stringMatching(/^<(p|h2)>/),
      }),
    );
    const sitemap = await (await get(app, '/sitemap.xml')).text();
    expect(sitemap).toMatch(
      /<loc>[^<]+\/cheatcodes\/the-first-hire<\/loc><lastmod>2026-11-01T07:00:00.000Z<\/lastmod>/,
    );
    // Another site has neither the pages nor the feeds.
    const elsewhere = await app.request('/cheatcodes/rss.xml', {
      headers: { host: env.BOOK_HOST },
    });
    expect(await elsewhere.text()).not.toContain('<rss');
  });

  it('keeps a post dated ahead off every page, feed and sitemap until its time', async () => {
    const ahead = new Date(Date.now() + 86_400_000).toISOString();
    const writing = site.writing;
    const post = writing?.posts['the-first-hire'];
    if (!writing || !post) throw new Error('the build has no writing');
    const later: Site = {
      ...site,
      writing: {
        ...writing,
        posts: {
          ...writing.posts,
          'the-first-hire': { ...post, date: ahead },
        },
      },
      routes: {
        ...site.routes,
        ownerRoutes: site.routes.ownerRoutes.map((route) =>
          route.page === 'posts/the-first-hire' ? { ...route, from: ahead } : route,
        ),
      },
    };
    const app = appFor(later);
    expect((await get(app, '/cheatcodes/the-first-hire')).status).toBe(404);
    expect(await (await get(app, '/cheatcodes/rss.xml')).text()).not.toContain('the-first-hire');
    expect(await (await get(app, '/cheatcodes/atom.xml')).text()).not.toContain('the-first-hire');
    expect(await (await get(app, '/cheatcodes/feed.json')).text()).not.toContain('the-first-hire');
    expect(await (await get(app, '/sitemap.xml')).text()).not.toContain('the-first-hire');
  });
});
