import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutPath } from '../../../contracts/checkout';
import { variantOf } from '../../../contracts/content/experiments';
import {
  canonicalUrl,
  isContentOpened,
  isReservedPath,
  listedRoutes,
  type PageId,
  type SystemPageId,
  systemPageIds,
} from '../../../contracts/routes';
import { siteOrigins } from '../../../contracts/sites';
import { buildPaths } from '../../build-paths';
import type { Store } from '../../db/store';
import { namedHosts, parseEnv } from '../../env';
import { loadSite, type Site } from '../../site';
import { openStore } from '../../store';
import { createTestApp } from '../../testing/app';
import { testReferences } from '../../testing/stripe';
import { searchFilePaths } from './search-files';

/**
 * The page server over the real build (`npm run build` runs before the tests), with the main
 * site's address the build was made for: `npm test` builds with the browser tests' port.
 */

const built = JSON.parse(readFileSync(buildPaths.info, 'utf8')) as { siteUrl: string };
const env = parseEnv({ LOG_LEVEL: 'silent', SITE_URL: built.siteUrl });
const mainHost = new URL(env.SITE_URL).host;
/** ":4173", say: the port every site shares with the main one. */
const port = mainHost.slice(new URL(env.SITE_URL).hostname.length);
let site: Site;
let store: Store;
let app: ReturnType<typeof createTestApp>;
/** The app with other settings (they are read once, when the app is made). */
const appWith = (settings: Record<string, string>) =>
  createTestApp(store, { SITE_URL: env.SITE_URL, ...settings }, undefined, undefined, site);

beforeAll(async () => {
  site = await loadSite();
  store = await openStore({
    DATA_DIR: mkdtempSync(join(tmpdir(), 'pages-test-')),
    DATABASE_URL: undefined,
  });
  app = appWith({});
});

afterAll(() => store.close());

const hostOf = {
  main: mainHost,
  'sellable-business': env.SELLABLE_BUSINESS_HOST,
  waitlist: env.WAITLIST_HOST,
  book: env.BOOK_HOST,
} as const;

/** A text each page's prerendered HTML must contain (its headline). */
const headline: Record<SystemPageId, string> = {
  home: 'Jamie Castell',
  waitlist: 'You&#x27;re almost in',
  book: 'What&#x27;s Stopping You?',
  'thank-you': 'You&#x27;re in. Here&#x27;s your bonus',
  handbook: '11 CheatCodes',
  workshop: 'Make your business an asset',
  'workshop-booked': 'You&#x27;re in',
  'workshop-sold-out': 'That session has just sold out',
  'workshop-retry': 'The checkout did not open',
  cohort: 'Escape the 7-Figure Prison',
  'cohort-apply': 'Apply for the cohort',
  'cohort-offer': 'You&#x27;re in',
  terms: 'Terms of use',
  privacy: 'Privacy notice',
  cookies: 'Cookie notice',
  'not-found': 'Oops! Page not found',
};

const get = (path: string, headers: Record<string, string> = {}) =>
  app.request(path, { headers: { host: mainHost, ...headers } });

describe('pages by host', () => {
  it.each(listedRoutes())(
    '$site $path answers the $page page',
    async ({ site: siteId, path, page }) => {
      const response = await get(path, { host: hostOf[siteId] });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(await response.text()).toContain(headline[page]);
    },
  );

  it.each([
    ['www.', 'sellable-business', '/cohort', 'workshop'],
    ['www.', 'waitlist', '/li', 'waitlist'],
    ['www.', 'book', '/whatever', 'book'],
    ['', 'waitlist', '/any/path/', 'waitlist'],
    ['', 'main', '/Book/', 'waitlist'],
  ] as const)('%s%s %s answers the %s page', async (prefix, siteId, path, page) => {
    const response = await get(path, { host: `${prefix}${hostOf[siteId]}` });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain(headline[page]);
  });

  it.each([
    ['main', '/no-such-page'],
    ['main', '/cohort'],
    ['sellable-business', '/book'],
    ['sellable-business', '/sellablebusiness'],
  ] as const)('%s %s answers the 404 page with status 404', async (siteId, path) => {
    const response = await get(path, { host: hostOf[siteId] });
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html).toContain('Oops! Page not found');
    expect(html).toContain('Return to Home');
    expect(html).toContain('<meta name="robots" content="noindex">');
  });

  it('answers other methods on pages with 405', async () => {
    const response = await app.request('/', { method: 'DELETE', headers: { host: 'localhost' } });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, HEAD');
  });
});

describe('prerendered documents', () => {
  it('give every page its own title, description and canonical link', async () => {
    const titles = new Set<string>();
    for (const [page, file] of site.pages) {
      const html = file.body.toString('utf8');
      const title = /<title>([^<]+)<\/title>/.exec(html)?.[1];
      expect(title, page).toBeTruthy();
      titles.add(title ?? '');
      expect(html, page).toMatch(/<meta name="description" content="[^"]{20,}">/);
      if (page !== 'not-found')
        expect(html, page).toMatch(/<link rel="canonical" href="http[^"]+">/);
      expect(html, page).toMatch(/<div id="root"><[a-z]/);
    }
    // An experiment's variant is its page, with the page's title and address (decision 027).
    const variants = [...site.pages.keys()].filter((id) => variantOf(id));
    expect(variants.length).toBeGreaterThan(0);
    expect(titles.size).toBe(site.pages.size - variants.length);
    for (const id of variants) {
      const page = site.pages.get(variantOf(id)?.page ?? 'not-found')?.body.toString('utf8') ?? '';
      const variant = site.pages.get(id)?.body.toString('utf8') ?? '';
      for (const tag of [/<title>[^<]+<\/title>/, /<link rel="canonical"[^>]+>/]) {
        expect(variant.match(tag)?.[0], id).toBe(page.match(tag)?.[0]);
      }
    }
  });

  it('point canonical links at the site that owns the page', async () => {
    const canonical = async (host: string, path: string) =>
      /<link rel="canonical" href="([^"]+)">/.exec(await (await get(path, { host })).text())?.[1];
    expect(await canonical('localhost', '/')).toBe(`http://${mainHost}/`);
    expect(await canonical('localhost', '/sellablebusiness')).toBe(
      `http://${env.SELLABLE_BUSINESS_HOST}${port}/`,
    );
    expect(await canonical('localhost', '/assetworkshop')).toBe(
      `http://${env.SELLABLE_BUSINESS_HOST}${port}/cohort`,
    );
    expect(await canonical('localhost', '/book')).toBe(`http://${env.WAITLIST_HOST}${port}/`);
    expect(await canonical('localhost', '/whatsstoppingyou')).toBe(
      `http://${env.BOOK_HOST}${port}/`,
    );
  });
});

/** The raw (HTML-escaped) content of a `<meta property|name="…">` tag. */
const metaContent = (html: string, name: string) =>
  new RegExp(`<meta (?:property|name)="${name}" content="([^"]*)">`).exec(html)?.[1];

/** Width and height from a PNG's header (IHDR). */
const pngSize = (png: Buffer) => ({ width: png.readUInt32BE(16), height: png.readUInt32BE(20) });

describe('share tags', () => {
  const origins = siteOrigins(env.SITE_URL, namedHosts(env));
  const html = (page: PageId) => site.pages.get(page)?.body.toString('utf8') ?? '';

  it.each(systemPageIds.filter((page) => page !== 'not-found'))(
    '%s: Open Graph and X card tags with its own image on its own origin',
    async (page) => {
      const document = html(page);
      // The served routes: the cohort's application page has an address while the content opens it.
      const url = canonicalUrl(page, origins, site.routes.ownerRoutes) ?? '';
      expect(metaContent(document, 'og:type')).toBe('website');
      expect(metaContent(document, 'og:site_name')).toBe('Jamie Castell');
      expect(metaContent(document, 'og:locale')).toBe('en_GB');
      expect(metaContent(document, 'og:title')).toBe(/<title>([^<]+)<\/title>/.exec(document)?.[1]);
      expect(metaContent(document, 'og:description')).toBe(metaContent(document, 'description'));
      expect(metaContent(document, 'og:url')).toBe(url);
      expect(metaContent(document, 'twitter:card')).toBe('summary_large_image');
      expect(metaContent(document, 'twitter:title')).toBe(metaContent(document, 'og:title'));
      expect(metaContent(document, 'twitter:description')).toBe(
        metaContent(document, 'og:description'),
      );

      const image = new URL(metaContent(document, 'og:image') ?? '');
      expect(image.origin).toBe(new URL(url).origin);
      expect(image.pathname).toMatch(new RegExp(`^/assets/social/${page}-[\\w-]+\\.png$`));
      expect(metaContent(document, 'twitter:image')).toBe(image.href);
      expect(metaContent(document, 'og:image:type')).toBe('image/png');
      expect(metaContent(document, 'og:image:width')).toBe('1200');
      expect(metaContent(document, 'og:image:height')).toBe('630');
      expect(metaContent(document, 'og:image:alt')?.length).toBeGreaterThan(20);
      expect(metaContent(document, 'twitter:image:alt')).toBe(
        metaContent(document, 'og:image:alt'),
      );

      const response = await get(image.pathname, { host: image.host });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/png');
      expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(pngSize(Buffer.from(await response.arrayBuffer()))).toEqual({
        width: 1200,
        height: 630,
      });
    },
  );

  it('come with JSON-LD about the page in a data block, on its own URLs', () => {
    const jsonLd = /<script type="application\/ld\+json">([^<]*)<\/script>/g;
    const types = Object.fromEntries(
      systemPageIds.map((page) => {
        const document = html(page);
        const blocks = [...document.matchAll(jsonLd)].map(([, json]) => JSON.parse(json ?? ''));
        const graph: Array<Record<string, unknown>> = blocks.flatMap((block) => block['@graph']);
        expect(blocks.length, page).toBeLessThanOrEqual(1);
        if (graph[0]) {
          expect(graph[0], page).toMatchObject({
            url: metaContent(document, 'og:url'),
            image: metaContent(document, 'og:image'),
          });
        }
        return [page, graph.map((node) => node['@type'])];
      }),
    );
    expect(types).toEqual({
      home: ['Person'],
      waitlist: [],
      book: ['Book', 'FAQPage'],
      'thank-you': [],
      handbook: [],
      workshop: ['Event', 'FAQPage'],
      'workshop-booked': [],
      'workshop-sold-out': [],
      'workshop-retry': [],
      cohort: ['Course', 'FAQPage'],
      'cohort-apply': [],
      'cohort-offer': [],
      terms: [],
      privacy: [],
      cookies: [],
      'not-found': [],
    });
  });

  it('are left off the 404 page, which has no address to share', () => {
    expect(html('not-found')).not.toMatch(/og:|twitter:/);
  });

  it('sit beside noindex only on the thank-you, the pages after the workshop’s checkout, the cohort’s offer page and the 404', () => {
    const noindex = systemPageIds.filter((page) =>
      html(page).includes('<meta name="robots" content="noindex">'),
    );
    expect(noindex).toEqual([
      'thank-you',
      'workshop-booked',
      'workshop-sold-out',
      'workshop-retry',
      'cohort-offer',
      'not-found',
    ]);
  });
});

describe('caching and compression', () => {
  const firstAsset = () => {
    const path = [...site.files.keys()].find(
      (key) => key.startsWith('/assets/') && key.endsWith('.js'),
    );
    if (!path) throw new Error('no built script');
    return path;
  };

  it('serves hashed assets for a year, immutable', async () => {
    const response = await get(firstAsset());
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
  });

  it('serves HTML for revalidation and answers a matching ETag with 304', async () => {
    const first = await get('/');
    expect(first.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
    const etag = first.headers.get('etag');
    expect(etag).toBeTruthy();
    const second = await get('/', { 'if-none-match': etag ?? '' });
    expect(second.status).toBe(304);
    expect(await second.text()).toBe('');
  });

  it('chooses brotli, then gzip, then identity from Accept-Encoding', async () => {
    const plain = await get('/');
    const plainBody = Buffer.from(await plain.arrayBuffer());
    const br = await get('/', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toBe('Accept-Encoding');
    const brBody = Buffer.from(await br.arrayBuffer());
    expect(brBody.length).toBeLessThan(plainBody.length);
    const { brotliDecompressSync, gunzipSync } = await import('node:zlib');
    expect(brotliDecompressSync(brBody).equals(plainBody)).toBe(true);

    const gz = await get('/', { 'accept-encoding': 'gzip' });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).equals(plainBody)).toBe(true);

    const refused = await get('/', { 'accept-encoding': 'br;q=0, gzip' });
    expect(refused.headers.get('content-encoding')).toBe('gzip');
    expect(plain.headers.get('content-encoding')).toBeNull();
  });

  it('answers HEAD with the headers and no body', async () => {
    const response = await app.request('/thank-you', {
      method: 'HEAD',
      headers: { host: 'localhost' },
    });
    expect(response.status).toBe(200);
    expect(Number(response.headers.get('content-length'))).toBeGreaterThan(500);
    expect(await response.text()).toBe('');
    const missing = await app.request('/missing', {
      method: 'HEAD',
      headers: { host: 'localhost' },
    });
    expect(missing.status).toBe(404);
  });
});

describe('security headers', () => {
  it('are on pages, assets, API answers and 404s', async () => {
    for (const path of ['/', '/no-such-page', '/api/health', '/api/nope', '/favicon.svg']) {
      const response = await get(path);
      const csp = response.headers.get('content-security-policy') ?? '';
      expect(csp, path).toContain("default-src 'self'");
      expect(csp, path).toContain("frame-ancestors 'none'");
      expect(csp, path).not.toContain('unsafe-inline');
      expect(response.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(response.headers.get('referrer-policy'), path).toBe('strict-origin-when-cross-origin');
      expect(response.headers.get('permissions-policy'), path).toContain('camera=()');
      expect(response.headers.get('strict-transport-security'), path).toBeNull();
      // Its browsing context group swap made Lighthouse fail with NO_NAVSTART (decision 012).
      expect(response.headers.get('cross-origin-opener-policy'), path).toBeNull();
    }
  });

  it('leave the document-only ones off scripts, styles and fonts, which are never documents', async () => {
    const html = await (await get('/')).text();
    const assets = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css|woff2))"/g)].map(
      ([, path]) => path ?? '',
    );
    expect(assets.length).toBeGreaterThan(2);
    for (const path of assets) {
      const response = await get(path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(response.headers.get('content-security-policy'), path).toBeNull();
      expect(response.headers.get('x-frame-options'), path).toBeNull();
    }
  });

  it('add HSTS only when a trusted proxy says the visitor used HTTPS', async () => {
    const proxied = appWith({ TRUST_PROXY: 'loopback' });
    const from = (peer: string, proto: string) =>
      proxied.request(
        '/',
        { headers: { 'x-forwarded-proto': proto } },
        { incoming: { socket: { remoteAddress: peer } } },
      );
    const hsts = (response: Response) => response.headers.get('strict-transport-security');
    expect(hsts(await from('127.0.0.1', 'https'))).toMatch(/max-age=\d+/);
    expect(hsts(await from('127.0.0.1', 'http'))).toBeNull();
    // From anywhere but the trusted proxy, or without TRUST_PROXY, the header is anyone's to
    // forge, so it is ignored.
    expect(hsts(await from('198.51.100.4', 'https'))).toBeNull();
    expect(hsts(await get('/', { 'x-forwarded-proto': 'https' }))).toBeNull();
  });

  it('open the CSP to the analytics and pixel origins only when they are configured', async () => {
    const tracked = appWith({ GA_MEASUREMENT_ID: 'G-TEST123', META_PIXEL_ID: '123456' });
    const csp = (await tracked.request('/')).headers.get('content-security-policy') ?? '';
    expect(csp).toContain(
      "script-src 'self' https://www.googletagmanager.com https://connect.facebook.net",
    );
    const plain = (await get('/')).headers.get('content-security-policy') ?? '';
    expect(plain).toMatch(/script-src 'self'( 'sha256-[\w+/]+=*')+;/);
  });

  // Island props and JSON-LD are JSON data blocks, which the browser never runs; the page's entry
  // is its one inline script (decision 025).
  it('let each page’s one inline script run by its hash, and no other inline script', async () => {
    for (const { site: siteId, path } of [...listedRoutes(), { site: 'main', path: '/nope' }]) {
      const response = await get(path, { host: hostOf[siteId as keyof typeof hostOf] });
      const csp = response.headers.get('content-security-policy') ?? '';
      const html = await response.text();
      const scripts = [...html.matchAll(/<script(?: [^>]*)?>([\s\S]*?)<\/script>/g)].filter(
        ([tag]) => !/type="application\/(?:json|ld\+json)"/.test(tag),
      );
      expect(
        scripts.map(([tag]) => tag.slice(0, tag.indexOf('>') + 1)),
        path,
      ).toEqual(['<script type="module">']);
      const hash = createHash('sha256')
        .update(scripts[0]?.[1] ?? '')
        .digest('base64');
      expect(csp, path).toContain(`'sha256-${hash}'`);
      expect(csp).not.toContain('unsafe-inline');
    }
  });
});

describe('GET /api/health', () => {
  it('answers 200 JSON, not cached', async () => {
    const response = await get('/api/health');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toMatchObject({ status: 'ok' });
  });

  it('unknown API paths answer JSON 404', async () => {
    const response = await get('/api/nope');
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: 'Not found' });
  });
});

describe('redirects of old paths (the site settings’)', () => {
  it('send the sample content’s old /speaking on, with the visitor’s query string, for an hour', async () => {
    expect(site.routes.redirects).toContainEqual({
      site: 'main',
      from: '/speaking',
      to: '/#speaking',
      kind: 'permanent',
    });
    const response = await get('/Speaking/?utm_source=newsletter');
    expect(response.status).toBe(301);
    expect(response.headers.get('location')).toBe('/?utm_source=newsletter#speaking');
    expect(response.headers.get('cache-control')).toBe('public, max-age=3600');
    expect(await response.text()).toBe('');
  });

  it('answer on their own site only, and a temporary one is not cached', async () => {
    const app = createTestApp(store, { SITE_URL: env.SITE_URL }, undefined, undefined, {
      ...site,
      routes: {
        ...site.routes,
        redirects: [
          { site: 'waitlist', from: '/ig', to: 'https://booking.example/', kind: 'temporary' },
        ],
      },
    });
    const onWaitlist = await app.request('/ig', { headers: { host: hostOf.waitlist } });
    expect(onWaitlist.status).toBe(302);
    expect(onWaitlist.headers.get('location')).toBe('https://booking.example/');
    expect(onWaitlist.headers.get('cache-control')).toBe('no-store');
    // The same path on the book site is still the book page (D2).
    const onBook = await app.request('/ig', { headers: { host: hostOf.book } });
    expect(onBook.status).toBe(200);
    expect(await onBook.text()).toContain(headline.book);
  });

  it('cannot shadow anything the server answers itself', () => {
    const ownPaths = [
      ...[...site.files.keys()].map((path) => `/${path.split('/')[1]}`),
      ...searchFilePaths,
      checkoutPath,
      '/api/waitlist',
      '/owner/sign-in',
    ];
    expect(ownPaths.filter((path) => !isReservedPath(path))).toEqual([]);
  });
});

describe('GET /go/workshop (decision 020)', () => {
  it('sends a click on the built workshop page on to its session’s Payment Link, with our reference', async () => {
    const origin = `http://${hostOf['sellable-business']}${port}`;
    const response = await app.request(`${origin}/go/workshop`, {
      headers: {
        host: `${hostOf['sellable-business']}${port}`,
        referer: `${origin}/cohort?utm_source=ig`,
        'user-agent': 'Mozilla/5.0 Chrome/131.0',
      },
    });
    expect(response.status).toBe(302);
    const target = new URL(response.headers.get('location') ?? '');
    expect(target.origin).toBe('https://buy.stripe.com');
    // Our reference, signed: it reads back with the server's key.
    expect(testReferences.read(target.searchParams.get('client_reference_id'))).toMatchObject({
      path: '/cohort',
      source: 'Instagram',
    });
    const clicks = await store.db.selectFrom('checkout_clicks').selectAll().execute();
    expect(clicks).toEqual([
      expect.objectContaining({ path: '/cohort', source: 'Instagram', clicks: 1 }),
    ]);
  });
});

describe('the owner’s pages (content/pages/)', () => {
  it('serve the sample press kit at its path, with its own canonical link and sitemap entry', async () => {
    expect(site.routes.ownerRoutes).toContainEqual({
      page: 'pages/press',
      site: 'main',
      path: '/press',
      noindex: false,
    });
    const response = await get('/Press/');
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('Interviews, talks and a new book');
    expect(html).toContain(`<link rel="canonical" href="${env.SITE_URL}/press"`);
    expect(html).toContain('"@type":"WebPage"');
    expect(await (await get('/sitemap.xml')).text()).toContain(`<loc>${env.SITE_URL}/press</loc>`);
  });

  it('allow the pages’ shared entry by its hash from the start, so a page published later runs it', async () => {
    const { composedScript } = site.routes;
    expect(composedScript).toBeTruthy();
    const hash = createHash('sha256')
      .update(composedScript ?? '')
      .digest('base64');
    // A site whose build rendered none of the owner's pages still allows it.
    const withoutPages = new Map([...site.pages].filter(([page]) => !page.startsWith('pages/')));
    const app = createTestApp(store, { SITE_URL: env.SITE_URL }, undefined, undefined, {
      ...site,
      pages: withoutPages,
      routes: { ...site.routes, ownerRoutes: [] },
    });
    const response = await app.request('/', { headers: { host: mainHost } });
    expect(response.headers.get('content-security-policy')).toContain(`'sha256-${hash}'`);
  });

  it('follow a publish: a page moved answers at its new path and leaves the sitemap at its old', async () => {
    const live: Site = { ...site, pages: new Map(site.pages) };
    const app = createTestApp(store, { SITE_URL: env.SITE_URL }, undefined, undefined, live);
    const sitemap = async () =>
      (await app.request('/sitemap.xml', { headers: { host: mainHost } })).text();
    expect(await sitemap()).toContain('/press</loc>');
    // What a publish's swap does (server/features/room/publish/serving.ts).
    live.routes = {
      ...live.routes,
      ownerRoutes: [{ page: 'pages/press', site: 'main', path: '/media', noindex: false }],
    };
    expect((await app.request('/media', { headers: { host: mainHost } })).status).toBe(200);
    expect((await app.request('/press', { headers: { host: mainHost } })).status).toBe(404);
    expect(await sitemap()).toContain('/media</loc>');
    expect(await sitemap()).not.toContain('/press</loc>');
  });
});

describe('the cohort’s application page (docs/decisions/033-cohort-applications.md)', () => {
  const origins = siteOrigins(env.SITE_URL, namedHosts(env));
  const apply = `${origins['sellable-business']}/apply`;
  const sitemapOf = async (app: ReturnType<typeof createTestApp>, host: string) =>
    (await app.request('/sitemap.xml', { headers: { host } })).text();

  it('answers on both of the cohort’s sites while the content opens it, listed once at its canonical address', async () => {
    for (const [host, path] of [
      [hostOf['sellable-business'], '/apply'],
      [mainHost, '/sellablebusiness/apply'],
      [mainHost, '/apply'],
    ] as const) {
      const response = await get(path, { host });
      expect(response.status, `${host}${path}`).toBe(200);
      const html = await response.text();
      expect(html).toContain(headline['cohort-apply']);
      expect(html).toContain(`<link rel="canonical" href="${apply}"`);
    }
    expect(await sitemapOf(app, hostOf['sellable-business'])).toContain(`<loc>${apply}</loc>`);
    expect(await sitemapOf(app, mainHost)).not.toContain('/apply</loc>');
  });

  it('has its offer page on both of the cohort’s sites, noindex and in no sitemap', async () => {
    const offer = `${origins['sellable-business']}/offer`;
    for (const [host, path] of [
      [hostOf['sellable-business'], '/offer'],
      [mainHost, '/sellablebusiness/offer'],
    ] as const) {
      const response = await get(path, { host });
      expect(response.status, `${host}${path}`).toBe(200);
      const html = await response.text();
      expect(html).toContain(headline['cohort-offer']);
      expect(html).toContain(`<link rel="canonical" href="${offer}"`);
      expect(html).toContain('<meta name="robots" content="noindex">');
    }
    // The main site's "/offer" is not the cohort's: the offer page lives under its path there.
    expect((await get('/offer', { host: mainHost })).status).toBe(404);
    for (const host of Object.values(hostOf)) {
      expect(await sitemapOf(app, host)).not.toContain('/offer</loc>');
    }
  });

  it('is no page once a publish says admission: call: its paths are 404 and no sitemap lists it', async () => {
    const live: Site = { ...site, pages: new Map(site.pages) };
    const calling = createTestApp(store, { SITE_URL: env.SITE_URL }, undefined, undefined, live);
    // What a publish's swap does with content that takes no applications.
    live.routes = {
      ...live.routes,
      ownerRoutes: live.routes.ownerRoutes.filter(({ page }) => !isContentOpened(page)),
    };
    const on = (host: string, path: string) => calling.request(path, { headers: { host } });
    expect((await on(hostOf['sellable-business'], '/apply')).status).toBe(404);
    expect((await on(mainHost, '/sellablebusiness/apply')).status).toBe(404);
    expect((await on(mainHost, '/apply')).status).toBe(404);
    expect((await on(hostOf['sellable-business'], '/offer')).status).toBe(404);
    expect((await on(mainHost, '/sellablebusiness/offer')).status).toBe(404);
    expect(await sitemapOf(calling, hostOf['sellable-business'])).not.toContain('/apply</loc>');
  });
});
