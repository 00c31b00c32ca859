import { describe, expect, it } from 'vitest';
import type { Redirect } from './content/redirects';
import {
  allPageIds,
  canonicalUrl,
  cohortOfferOutcomes,
  cohortOfferPage,
  isContentOpened,
  isIndexed,
  listedRoutes,
  type OwnerRoute,
  ownerPathPattern,
  ownerRoutes,
  type PageId,
  redirectFor,
  resolveRoute,
  sitemapUrls,
  systemPageAt,
  systemPageIds,
} from './routes';
import { type NamedHosts, siteIds, siteOrigins } from './sites';

const hosts: NamedHosts = {
  sellableBusiness: 'sellablebusiness.example',
  waitlist: 'waitlist.example',
  book: 'whatsstoppingyou.example',
};

type Row = [host: string, path: string, page: PageId];

/**
 * The routes of content whose cohort takes applications on the site: the system page it opens
 * (docs/decisions/033-cohort-applications.md) is then one of the site's pages like the others.
 */
const applying = ownerRoutes({ pages: {}, cohort: { admission: 'application' } });

/** Product brief §2.1 row by row, with product decisions D1–D3 and D7 filled in. */
const table: Row[] = [
  // Sellable-business site
  ['sellablebusiness.example', '/cohort', 'workshop'],
  ['sellablebusiness.example', '/', 'cohort'],
  ['sellablebusiness.example', '/anything-else', 'not-found'],
  ['sellablebusiness.example', '/book', 'not-found'],
  ['sellablebusiness.example', '/terms', 'terms'],
  // The pages after the workshop's checkout, under the workshop's path
  ['sellablebusiness.example', '/cohort/booked', 'workshop-booked'],
  ['sellablebusiness.example', '/cohort/sold-out', 'workshop-sold-out'],
  ['sellablebusiness.example', '/cohort/try-again', 'workshop-retry'],
  ['sellablebusiness.example', '/assetworkshop/booked', 'not-found'],
  // {product} site: every path is the waitlist page (D1)
  ['waitlist.example', '/', 'waitlist'],
  ['waitlist.example', '/ig', 'waitlist'],
  ['waitlist.example', '/li', 'waitlist'],
  ['waitlist.example', '/some/other/path', 'waitlist'],
  ['waitlist.example', '/privacy', 'privacy'],
  ['waitlist.example', '/assetworkshop/booked', 'waitlist'],
  // What's-stopping-you book site: every path is the book page (D2)
  ['whatsstoppingyou.example', '/', 'book'],
  ['whatsstoppingyou.example', '/ig', 'book'],
  ['whatsstoppingyou.example', '/li', 'book'],
  ['whatsstoppingyou.example', '/anything', 'book'],
  ['whatsstoppingyou.example', '/cookies', 'cookies'],
  // Any other host
  ['example.com', '/', 'home'],
  ['example.com', '/book', 'waitlist'],
  ['example.com', '/prebookwaitlist', 'waitlist'],
  ['example.com', '/bookwaitlistig', 'waitlist'],
  ['example.com', '/bookwaitlistli', 'waitlist'],
  ['example.com', '/whatsstoppingyou', 'book'],
  ['example.com', '/whatsstoppingyoubook', 'book'],
  ['example.com', '/thank-you', 'thank-you'],
  ['example.com', '/11cheatcodes', 'handbook'],
  ['example.com', '/assetworkshop', 'workshop'],
  ['example.com', '/assetworkshop/booked', 'workshop-booked'],
  ['example.com', '/assetworkshop/sold-out', 'workshop-sold-out'],
  ['example.com', '/assetworkshop/try-again', 'workshop-retry'],
  ['example.com', '/cohort/booked', 'not-found'],
  ['example.com', '/sellablebusiness', 'cohort'],
  ['example.com', '/sellablebusiness/cohort', 'workshop'],
  ['example.com', '/terms', 'terms'],
  ['example.com', '/privacy', 'privacy'],
  ['example.com', '/cookies', 'cookies'],
  ['example.com', '/cohort', 'not-found'],
  ['example.com', '/nope', 'not-found'],
  ['example.com', '/book/extra', 'not-found'],
  ['localhost', '/', 'home'],
];

describe('resolveRoute', () => {
  it.each(table)('%s %s -> %s', (host, path, page) => {
    expect(resolveRoute(host, path, hosts)).toMatchObject({
      page,
      status: page === 'not-found' ? 404 : 200,
    });
  });

  it.each(table)('www.%s %s -> %s', (host, path, page) => {
    expect(resolveRoute(`www.${host}`, path, hosts).page).toBe(page);
  });

  it.each(table.filter(([, path]) => path !== '/'))(
    '%s %s/ (trailing slash) -> %s',
    (host, path, page) => {
      expect(resolveRoute(host, `${path}/`, hosts).page).toBe(page);
    },
  );

  it('ignores the port and the case of the host', () => {
    expect(resolveRoute('WWW.SellableBusiness.Example:8443', '/', hosts).page).toBe('cohort');
    expect(resolveRoute('Waitlist.example:3000', '/x', hosts).page).toBe('waitlist');
    expect(resolveRoute('[::1]:3000', '/', hosts).page).toBe('home');
    expect(resolveRoute('whatsstoppingyou.example.', '/', hosts).page).toBe('book');
  });

  it('treats a missing Host header as the main site', () => {
    expect(resolveRoute(undefined, '/11cheatcodes', hosts).page).toBe('handbook');
    expect(resolveRoute('', '/missing', hosts)).toMatchObject({ site: 'main', status: 404 });
  });

  it('does not match a host that only contains a named host', () => {
    expect(resolveRoute('evilwaitlist.example', '/', hosts).page).toBe('home');
    expect(resolveRoute('waitlist.example.evil.com', '/', hosts).page).toBe('home');
  });

  it('ignores the query string when matching', () => {
    expect(resolveRoute('example.com', '/thank-you?ref=email', hosts).page).toBe('thank-you');
  });

  it('names the site', () => {
    expect(resolveRoute('www.waitlist.example', '/', hosts).site).toBe('waitlist');
    expect(resolveRoute('example.com', '/book', hosts).site).toBe('main');
  });
});

describe('search listing', () => {
  const origins = siteOrigins('https://jamie.example', hosts);

  it('keeps the thank-you, the pages after the workshop’s checkout, the cohort’s offer page and the 404 out of search results', () => {
    expect(systemPageIds.filter((page) => !isIndexed(page, applying))).toEqual([
      'thank-you',
      'workshop-booked',
      'workshop-sold-out',
      'workshop-retry',
      'cohort-offer',
      'not-found',
    ]);
    const listed = siteIds.flatMap((site) => sitemapUrls(site, origins, applying));
    for (const path of ['/cohort/booked', '/cohort/sold-out', '/cohort/try-again', '/offer']) {
      expect(listed).not.toContain(new URL(path, origins['sellable-business']).href);
    }
  });

  it('lists every indexed page in exactly one sitemap, at its canonical URL', () => {
    const listed = siteIds.flatMap((site) => sitemapUrls(site, origins, applying));
    const indexed = systemPageIds
      .filter((page) => isIndexed(page, applying))
      .map((page) => canonicalUrl(page, origins, applying));
    expect(listed.sort()).toEqual(indexed.sort());
    expect(new Set(listed).size).toBe(listed.length);
  });

  it('lists a site’s pages on its own origin', () => {
    for (const site of siteIds) {
      for (const url of sitemapUrls(site, origins))
        expect(new URL(url).origin, url).toBe(origins[site]);
    }
  });

  it('gives every page but the 404 a canonical URL that serves that page', () => {
    for (const page of systemPageIds.filter((id) => id !== 'not-found')) {
      const { host, pathname } = new URL(canonicalUrl(page, origins, applying) ?? '');
      expect(resolveRoute(host, pathname, hosts, applying), page).toMatchObject({
        page,
        status: 200,
      });
    }
    expect(canonicalUrl('not-found', origins)).toBeNull();
  });
});

describe('redirects', () => {
  const redirects: Redirect[] = [
    { site: 'main', from: '/speaking', to: '/#speaking', kind: 'permanent' },
    {
      site: 'main',
      from: '/masterclass',
      to: 'https://booking.example/m?ref=site',
      kind: 'temporary',
    },
    { site: 'book', from: '/ig', to: '/?utm_source=instagram', kind: 'permanent' },
  ];

  it('sends an old path on, keeping the visitor’s query string for its traffic source', () => {
    expect(redirectFor(redirects, 'main', '/speaking', '?utm_source=kit')).toEqual({
      location: '/?utm_source=kit#speaking',
      status: 301,
    });
    expect(redirectFor(redirects, 'main', '/speaking', '')).toEqual({
      location: '/#speaking',
      status: 301,
    });
  });

  it('keeps the destination’s own query string, and says temporary with 302', () => {
    expect(redirectFor(redirects, 'main', '/masterclass', '?utm_source=kit')).toEqual({
      location: 'https://booking.example/m?ref=site',
      status: 302,
    });
    expect(redirectFor(redirects, 'book', '/ig', '?utm_source=x')?.location).toBe(
      '/?utm_source=instagram',
    );
  });

  it('matches the path as the route table does: any case, a trailing slash', () => {
    expect(redirectFor(redirects, 'main', '/Speaking/', '')?.location).toBe('/#speaking');
  });

  it('belongs to its own site', () => {
    expect(redirectFor(redirects, 'waitlist', '/speaking', '')).toBeNull();
    expect(redirectFor(redirects, 'main', '/ig', '')).toBeNull();
  });

  it('gives every path of the route table the form the content asks of a redirect', () => {
    for (const { path } of listedRoutes()) expect(path).toMatch(ownerPathPattern);
  });
});

describe('the owner pages in the route table', () => {
  const owner: OwnerRoute[] = [
    { page: 'pages/press', site: 'main', path: '/press', noindex: false },
    { page: 'pages/launch', site: 'waitlist', path: '/launch', noindex: true },
  ];

  it('answers each on its own site and path, before the site’s fallback', () => {
    expect(resolveRoute('localhost', '/Press/', hosts, owner)).toEqual({
      site: 'main',
      page: 'pages/press',
      status: 200,
    });
    // The waitlist site answers every other path with the waitlist page, this one with the page.
    expect(resolveRoute(hosts.waitlist, '/launch', hosts, owner).page).toBe('pages/launch');
    expect(resolveRoute(hosts.waitlist, '/press', hosts, owner).page).toBe('waitlist');
    expect(resolveRoute(hosts.book, '/launch', hosts, owner).page).toBe('book');
  });

  it('is gone from the table once the content no longer has it', () => {
    expect(resolveRoute('localhost', '/press', hosts, []).status).toBe(404);
  });

  const origins = siteOrigins('https://jamie.example', hosts);

  it('lists an indexed one in its own site’s sitemap at its canonical address, never a noindex one', () => {
    expect(sitemapUrls('main', origins, owner)).toContain(`${origins.main}/press`);
    expect(canonicalUrl('pages/press', origins, owner)).toBe(`${origins.main}/press`);
    expect(sitemapUrls('waitlist', origins, owner)).not.toContain(`${origins.waitlist}/launch`);
    expect(isIndexed('pages/launch', owner)).toBe(false);
    expect(allPageIds(owner)).toEqual([
      ...systemPageIds.filter((page) => !isContentOpened(page)),
      'pages/press',
      'pages/launch',
    ]);
  });
});

describe('the cohort’s application page', () => {
  const origins = siteOrigins('https://jamie.example', hosts);
  const applyPaths: Array<[host: string, path: string]> = [
    [hosts.sellableBusiness, '/apply'],
    ['example.com', '/sellablebusiness/apply'],
    // The cohort page's buttons link "/apply" from its one document, served on both sites.
    ['example.com', '/apply'],
  ];

  it('answers on both of the cohort’s sites while the cohort takes applications', () => {
    for (const [host, path] of applyPaths) {
      expect(resolveRoute(host, path, hosts, applying), `${host}${path}`).toEqual({
        site: host === 'example.com' ? 'main' : 'sellable-business',
        page: 'cohort-apply',
        status: 200,
      });
    }
    expect(resolveRoute(hosts.waitlist, '/apply', hosts, applying).page).toBe('waitlist');
    expect(allPageIds(applying)).toEqual(systemPageIds);
  });

  it('is listed once, in the sellable-business sitemap, at /apply', () => {
    const apply = `${origins['sellable-business']}/apply`;
    expect(canonicalUrl('cohort-apply', origins, applying)).toBe(apply);
    expect(sitemapUrls('sellable-business', origins, applying)).toContain(apply);
    expect(sitemapUrls('main', origins, applying).filter((url) => url.endsWith('/apply'))).toEqual(
      [],
    );
  });

  it.each([
    ['admission: call', ownerRoutes({ pages: {}, cohort: { admission: 'call' } })],
    ['no admission (renders made before the choice)', ownerRoutes({ pages: {} })],
  ])(
    'is no page with %s: its paths are 404, it is built for no site and listed in none',
    (_, routes) => {
      for (const [host, path] of applyPaths) {
        expect(resolveRoute(host, path, hosts, routes), `${host}${path}`).toMatchObject({
          page: 'not-found',
          status: 404,
        });
      }
      expect(allPageIds(routes)).not.toContain('cohort-apply');
      expect(canonicalUrl('cohort-apply', origins, routes)).toBeNull();
      expect(siteIds.flatMap((site) => sitemapUrls(site, origins, routes))).not.toContain(
        `${origins['sellable-business']}/apply`,
      );
    },
  );

  it('keeps its paths from the owner’s pages and redirects whether it is open or not', () => {
    expect(systemPageAt('sellable-business', '/apply')).toBe('cohort-apply');
    expect(systemPageAt('main', '/sellablebusiness/apply')).toBe('cohort-apply');
    expect(systemPageAt('main', '/apply')).toBe('cohort-apply');
    expect(systemPageAt('waitlist', '/apply')).toBeUndefined();
  });
});

describe('the cohort’s offer page', () => {
  const origins = siteOrigins('https://jamie.example', hosts);
  const offerPaths: Array<[host: string, path: string]> = [
    [hosts.sellableBusiness, '/offer'],
    // Under the cohort's path on the main site, so its link back ("./") leads to the cohort.
    ['example.com', '/sellablebusiness/offer'],
  ];

  it('answers on both of the cohort’s sites while the cohort takes applications, at its outcomes’ addresses too', () => {
    for (const [host, path] of offerPaths) {
      for (const address of [path, `${path}#expired`, `${path}/`]) {
        expect(resolveRoute(host, address, hosts, applying), `${host}${address}`).toEqual({
          site: host === 'example.com' ? 'main' : 'sellable-business',
          page: 'cohort-offer',
          status: 200,
        });
      }
    }
    // The main site's own "/offer" is not the cohort's; the other sites answer theirs.
    expect(resolveRoute('example.com', '/offer', hosts, applying).status).toBe(404);
    expect(resolveRoute(hosts.waitlist, '/offer', hosts, applying).page).toBe('waitlist');
    expect(cohortOfferPage()).toBe(
      new URL(canonicalUrl('cohort-offer', origins, applying) ?? '').pathname,
    );
    expect(cohortOfferOutcomes.map((outcome) => cohortOfferPage(outcome))).toEqual([
      '/offer#expired',
      '/offer#full',
      '/offer#retry',
      '/offer#invalid',
    ]);
  });

  it('is kept out of search: noindex, in no sitemap, its canonical address the sellable-business /offer', () => {
    expect(isIndexed('cohort-offer', applying)).toBe(false);
    expect(canonicalUrl('cohort-offer', origins, applying)).toBe(
      `${origins['sellable-business']}/offer`,
    );
    expect(
      siteIds
        .flatMap((site) => sitemapUrls(site, origins, applying))
        .filter((url) => url.endsWith('/offer')),
    ).toEqual([]);
    expect(applying.filter(({ page }) => page === 'cohort-offer')).toEqual([
      { page: 'cohort-offer', site: 'sellable-business', path: '/offer', noindex: true },
      { page: 'cohort-offer', site: 'main', path: '/sellablebusiness/offer', noindex: true },
    ]);
  });

  it('is no page with admission: call or none: its paths are 404 and it is built for no site', () => {
    for (const routes of [
      ownerRoutes({ pages: {}, cohort: { admission: 'call' } }),
      ownerRoutes({ pages: {} }),
    ]) {
      for (const [host, path] of offerPaths) {
        expect(resolveRoute(host, path, hosts, routes), `${host}${path}`).toMatchObject({
          page: 'not-found',
          status: 404,
        });
      }
      expect(allPageIds(routes)).not.toContain('cohort-offer');
      expect(canonicalUrl('cohort-offer', origins, routes)).toBeNull();
    }
  });

  it('keeps its paths from the owner’s pages and redirects whether it is open or not', () => {
    expect(systemPageAt('sellable-business', '/offer')).toBe('cohort-offer');
    expect(systemPageAt('main', '/sellablebusiness/offer')).toBe('cohort-offer');
    expect(systemPageAt('main', '/offer')).toBeUndefined();
  });
});
