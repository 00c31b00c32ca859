import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Store } from '../db/store';
import { parseEnv } from '../env';
import { createLogger } from '../logger';
import { loadSite, type Site } from '../site';
import { siteHosts } from '../site-hosts';
import { createTestApp } from '../testing/app';
import { startServerProcess } from '../testing/server-process';
import { createTestDatabase, type TestDatabase } from '../testing/stores';
import { createPageViewCounter, type PageViewCounter } from './counter';

/** Decision 013 through the app over the real build: which requests count as a page view. */

const env = parseEnv({ LOG_LEVEL: 'silent' });
const browser =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

let site: Site;
let database: TestDatabase;
let store: Store;
let counter: PageViewCounter;
let app: ReturnType<typeof createTestApp>;

beforeAll(async () => {
  site = await loadSite();
  database = await createTestDatabase('sqlite');
  store = await database.open();
});
afterAll(async () => {
  await store.close();
  await database.drop();
});
beforeEach(async () => {
  await store.db.deleteFrom('page_views').execute();
  counter = createPageViewCounter({
    store,
    logger: createLogger(env),
    siteHosts: siteHosts(env),
  });
  app = createTestApp(store, { SITE_URL: env.SITE_URL }, undefined, undefined, site, {
    pageViews: counter,
  });
});

function request(path: string, init: RequestInit = {}) {
  const headers = new Headers(init.headers);
  if (!headers.has('host')) headers.set('host', 'localhost:3000');
  if (!headers.has('user-agent')) headers.set('user-agent', browser);
  return app.request(
    path,
    { ...init, headers },
    { incoming: { socket: { remoteAddress: '203.0.113.7' } } },
  );
}

async function counted() {
  await counter.flush();
  const rows = await store.db
    .selectFrom('page_views')
    .select(['host', 'path', 'source', 'views'])
    .orderBy('host')
    .orderBy('path')
    .execute();
  return rows.map((row) => ({ ...row, views: Number(row.views) }));
}

describe('page view counting', () => {
  it('counts a GET of a page, by site host, path and source, without JavaScript', async () => {
    expect((await request('/bookwaitlistig')).status).toBe(200);
    expect((await request('/Book/?utm_source=newsletter')).status).toBe(200);
    const fromGoogle = { referer: 'https://www.google.com/', host: 'www.waitlist.localhost' };
    expect((await request('/', { headers: fromGoogle })).status).toBe(200);
    // A revisit answered from the browser's cache is still a visit.
    const etag = (await request('/privacy')).headers.get('etag') ?? '';
    expect((await request('/privacy', { headers: { 'if-none-match': etag } })).status).toBe(304);
    expect(await counted()).toEqual([
      { host: 'localhost', path: '/book', source: 'Newsletter', views: 1 },
      { host: 'localhost', path: '/bookwaitlistig', source: 'Instagram', views: 1 },
      { host: 'localhost', path: '/privacy', source: 'Direct', views: 2 },
      { host: 'waitlist.localhost', path: '/', source: 'Google', views: 1 },
    ]);
  });

  it('does not count HEAD, assets, 404s, the API, prefetches or bots', async () => {
    const asset = [...site.files.keys()].find((path) => path.startsWith('/assets/')) ?? '';
    const answers = [
      await request('/', { method: 'HEAD' }),
      await request(asset),
      await request('/robots.txt'),
      await request('/no-such-page'),
      await request('/api/health'),
      await request('/', { headers: { 'sec-purpose': 'prefetch;prerender' } }),
      await request('/', { headers: { purpose: 'prefetch' } }),
      await request('/', { headers: { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1)' } }),
      await request('/', {
        headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) HeadlessChrome/142.0.0.0' },
      }),
      await request('/', { headers: { 'user-agent': '' } }),
    ];
    expect(answers.map((response) => response.status)).toEqual([
      200, 200, 200, 404, 200, 200, 200, 200, 200, 200,
    ]);
    expect(await counted()).toEqual([]);
  });

  it('never sets a cookie, on a page, a 404 or the API', async () => {
    for (const path of ['/', '/waitlist', '/no-such-page', '/api/health', '/robots.txt']) {
      const response = await request(path);
      expect(response.headers.get('set-cookie'), path).toBeNull();
    }
  });
});

describe('the server process', () => {
  it('writes the page views still in memory when it stops on SIGTERM', async () => {
    const other = await createTestDatabase('sqlite');
    try {
      const server = await startServerProcess(other.env);
      for (let i = 0; i < 5; i++) {
        const response = await fetch(`${server.url}/11cheatcodes`, {
          headers: { 'user-agent': browser },
        });
        expect(response.status).toBe(200);
      }
      expect(await server.stop('SIGTERM')).toBe(0);
      const stopped = await other.open();
      const row = await stopped.db
        .selectFrom('page_views')
        .select((eb) => eb.fn.sum<number | string>('views').as('views'))
        .where('path', '=', '/11cheatcodes')
        .executeTakeFirstOrThrow();
      await stopped.close();
      expect(Number(row.views)).toBe(5);
    } finally {
      await other.drop();
    }
  });
});
