import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Store } from '../../db/store';
import { openStore } from '../../store';
import { createTestApp } from '../../testing/app';

/** robots.txt and sitemap.xml per host (decision 011), from the app in-process: no build needed. */

let store: Store;
let app: ReturnType<typeof createTestApp>;

beforeAll(async () => {
  store = await openStore({
    DATA_DIR: mkdtempSync(join(tmpdir(), 'search-files-test-')),
    DATABASE_URL: undefined,
  });
  app = createTestApp(store, {
    SITE_URL: 'https://jamie.example',
    SELLABLE_BUSINESS_HOST: 'sellable.example',
    WAITLIST_HOST: 'wait.example',
    BOOK_HOST: 'book.example',
  });
});

afterAll(() => store.close());

const get = (host: string, path: string, method = 'GET') =>
  app.request(path, { method, headers: { host } });

/** Each site's host and exactly the pages it serves canonically (contracts/routes.ts). */
const sites = [
  {
    host: 'jamie.example',
    origin: 'https://jamie.example',
    urls: [
      'https://jamie.example/',
      'https://jamie.example/11cheatcodes',
      'https://jamie.example/cookies',
      'https://jamie.example/privacy',
      'https://jamie.example/terms',
    ],
  },
  {
    host: 'sellable.example',
    origin: 'https://sellable.example',
    urls: ['https://sellable.example/', 'https://sellable.example/cohort'],
  },
  { host: 'wait.example', origin: 'https://wait.example', urls: ['https://wait.example/'] },
  { host: 'book.example', origin: 'https://book.example', urls: ['https://book.example/'] },
];

const locations = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map(([, url]) => url);

describe.each(sites)('$host', ({ host, origin, urls }) => {
  it('robots.txt allows everything but the checkout redirects and names this host’s sitemap', async () => {
    const response = await get(host, '/robots.txt');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(await response.text()).toBe(
      `User-agent: *\nAllow: /\nDisallow: /go/\n\nSitemap: ${origin}/sitemap.xml\n`,
    );
  });

  it('sitemap.xml lists exactly the pages this host serves canonically', async () => {
    const response = await get(host, '/sitemap.xml');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/xml');
    const xml = await response.text();
    expect(xml).toMatch(
      /^<\?xml version="1\.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www\.sitemaps\.org\/schemas\/sitemap\/0\.9">/,
    );
    expect(locations(xml)).toEqual(urls);
  });

  it('answers the same on www. and with a port', async () => {
    for (const alias of [`www.${host}`, `${host}:443`]) {
      expect(locations(await (await get(alias, '/sitemap.xml')).text()), alias).toEqual(urls);
      expect(await (await get(alias, '/robots.txt')).text(), alias).toContain(
        `Sitemap: ${origin}/sitemap.xml`,
      );
    }
  });
});

describe('search files', () => {
  it('leave out the thank-you page, which is kept from search', async () => {
    const all = await Promise.all(
      sites.map(async ({ host }) => (await get(host, '/sitemap.xml')).text()),
    );
    expect(all.join('')).not.toContain('thank-you');
  });

  it('send the main site’s files to unknown hosts, as the pages do', async () => {
    const xml = await (await get('unknown.example', '/sitemap.xml')).text();
    expect(locations(xml)).toEqual(sites[0]?.urls);
  });

  it('revalidate with an ETag and answer HEAD without a body', async () => {
    const first = await get('wait.example', '/robots.txt');
    expect(first.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
    const etag = first.headers.get('etag') ?? '';
    expect(etag).toMatch(/^".+"$/);
    const again = await app.request('/robots.txt', {
      headers: { host: 'wait.example', 'if-none-match': etag },
    });
    expect(again.status).toBe(304);
    const head = await get('book.example', '/sitemap.xml', 'HEAD');
    expect(head.status).toBe(200);
    expect(Number(head.headers.get('content-length'))).toBeGreaterThan(100);
    expect(await head.text()).toBe('');
  });
});
