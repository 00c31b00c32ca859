import { type NamedHosts, namedSite, type SiteId } from './sites';

/**
 * The seed's route table: which page the code defines answers a host and path (product brief
 * §2.1 with product decisions D1–D7, docs/product.md), what a path is, and which paths the
 * server keeps for itself. It knows nothing of the content, so the content's schemas check
 * their paths against it without a loop; contracts/routes.ts adds the pages the content makes
 * and is what everything else reads.
 */

/** The pages the code defines; the owner's own pages come from content (OwnerRoute). */
export const systemPageIds = [
  'home',
  'waitlist',
  'book',
  'thank-you',
  'handbook',
  'workshop',
  // The pages after the workshop's checkout (docs/decisions/032-workshop-delivered.md).
  'workshop-booked',
  'workshop-sold-out',
  'workshop-retry',
  'cohort',
  // The cohort's application page: it answers only while the content opens it (contentOpenedPaths).
  'cohort-apply',
  // Where an accepted applicant's offer link and its checkout land, by what happened; likewise.
  'cohort-offer',
  'terms',
  'privacy',
  'cookies',
  'not-found',
] as const;

export type SystemPageId = (typeof systemPageIds)[number];

export interface SiteRoutes {
  /** Exact paths, lower case, no trailing slash (except "/"). */
  paths: Readonly<Record<string, SystemPageId>>;
  /** The page for every other path. */
  fallback: SystemPageId;
}

/** D7: the legal pages answer on every site, so each site's footer links resolve. */
const legalPaths = { '/terms': 'terms', '/privacy': 'privacy', '/cookies': 'cookies' } as const;

/**
 * The pages after the workshop's checkout (docs/decisions/032-workshop-delivered.md), by what
 * happened there, which is also the last segment of their paths.
 */
export const checkoutOutcomePages = {
  booked: 'workshop-booked',
  'sold-out': 'workshop-sold-out',
  'try-again': 'workshop-retry',
} as const satisfies Record<string, SystemPageId>;

export type CheckoutOutcome = keyof typeof checkoutOutcomePages;

/**
 * Where the workshop answers on the sites that have the pages after its checkout: those pages lie
 * under it ("/cohort/booked"), so their one link back to it is the same relative one on both.
 */
export const workshopPaths = { 'sellable-business': '/cohort', main: '/assetworkshop' } as const;

function afterCheckoutPaths(base: string): Record<string, SystemPageId> {
  return Object.fromEntries(
    Object.entries(checkoutOutcomePages).map(([outcome, page]) => [`${base}/${outcome}`, page]),
  );
}

export const siteRoutes: Readonly<Record<SiteId, SiteRoutes>> = {
  'sellable-business': {
    paths: {
      '/': 'cohort',
      '/cohort': 'workshop',
      ...afterCheckoutPaths(workshopPaths['sellable-business']),
      ...legalPaths,
    },
    fallback: 'not-found',
  },
  // D1: every path of the {product} site is the waitlist page.
  waitlist: { paths: legalPaths, fallback: 'waitlist' },
  // D2: every path of the what's-stopping-you site is the book landing page.
  book: { paths: legalPaths, fallback: 'book' },
  main: {
    paths: {
      '/': 'home',
      '/book': 'waitlist',
      '/prebookwaitlist': 'waitlist',
      '/bookwaitlistig': 'waitlist',
      '/bookwaitlistli': 'waitlist',
      '/whatsstoppingyou': 'book',
      '/whatsstoppingyoubook': 'book',
      '/thank-you': 'thank-you',
      '/11cheatcodes': 'handbook', // D3
      '/assetworkshop': 'workshop',
      ...afterCheckoutPaths(workshopPaths.main),
      '/sellablebusiness': 'cohort',
      '/sellablebusiness/cohort': 'workshop',
      ...legalPaths,
    },
    fallback: 'not-found',
  },
};

export interface CanonicalLocation {
  site: SiteId;
  path: string;
  /** Kept out of search results: `noindex` in its head and in no sitemap. */
  noindex?: true;
}

/**
 * Where each page lives canonically (for the canonical link, the share tags and the sitemaps). A
 * page reachable on several hosts or paths names one of them; the 404 page has none.
 */
export const canonicalLocation: Readonly<Record<SystemPageId, CanonicalLocation | null>> = {
  home: { site: 'main', path: '/' },
  waitlist: { site: 'waitlist', path: '/' },
  book: { site: 'book', path: '/' },
  // Only useful right after a sign-up (it carries the visitor's share code).
  'thank-you': { site: 'main', path: '/thank-you', noindex: true },
  handbook: { site: 'main', path: '/11cheatcodes' },
  workshop: { site: 'sellable-business', path: '/cohort' },
  // Only useful right after a checkout; on the main site too (/assetworkshop/…).
  'workshop-booked': { site: 'sellable-business', path: '/cohort/booked', noindex: true },
  'workshop-sold-out': { site: 'sellable-business', path: '/cohort/sold-out', noindex: true },
  'workshop-retry': { site: 'sellable-business', path: '/cohort/try-again', noindex: true },
  cohort: { site: 'sellable-business', path: '/' },
  'cohort-apply': { site: 'sellable-business', path: '/apply' },
  // Only useful to the one person an offer was made to.
  'cohort-offer': { site: 'sellable-business', path: '/offer', noindex: true },
  terms: { site: 'main', path: '/terms' },
  privacy: { site: 'main', path: '/privacy' },
  cookies: { site: 'main', path: '/cookies' },
  'not-found': null,
};

/**
 * The system pages the content opens, and where each then answers: not in `siteRoutes`, which
 * knows no content; contracts/routes.ts adds them to the routes the content makes. The cohort's
 * application page and its offer page answer while content/cohort.yaml says `admission:
 * application` (docs/decisions/033-cohort-applications.md). The cohort page is one document on both of its
 * sites ("/" and "/sellablebusiness"), so its buttons link "/apply", which answers on both; on the
 * main site the page also lives under the cohort's own path.
 */
export const contentOpenedPaths = {
  'cohort-apply': [
    { site: 'sellable-business', path: '/apply' },
    { site: 'main', path: '/sellablebusiness/apply' },
    { site: 'main', path: '/apply' },
  ],
  // Its links are made on the sellable-business origin; the main site has it under the cohort's
  // path, so its one link back (`./`) leads to the cohort on either site.
  'cohort-offer': [
    { site: 'sellable-business', path: '/offer' },
    { site: 'main', path: '/sellablebusiness/offer' },
  ],
} as const satisfies Partial<
  Record<SystemPageId, ReadonlyArray<{ site: SiteId; path: `/${string}` }>>
>;

export type ContentOpenedPageId = keyof typeof contentOpenedPaths;

/** What the cohort page's buttons link while it takes applications: a path of both its sites. */
export const cohortApplyLink = '/apply';

/**
 * What an offer link's outcome is called on the offer page (docs/decisions/033-cohort-
 * applications.md): the id of the section its address targets (`/offer#expired`): the offer is
 * over, its seats are taken, the checkout did not open, or the link is not a whole link of ours
 * (`invalid`). With none targeted the page says what it says to anyone; "You're in" only where
 * the server proved the payment (contracts/proven-outcome.ts; docs/decisions/034-selling-that-
 * cannot-be-gamed.md).
 */
export const cohortOfferOutcomes = ['expired', 'full', 'retry', 'invalid'] as const;

export type CohortOfferOutcome = (typeof cohortOfferOutcomes)[number];

/**
 * The offer page's address on the sellable-business site, where offer links and their checkouts
 * are made: "/offer#full" for an outcome, "/offer" for the page as anyone sees it.
 */
export function cohortOfferPage(outcome?: CohortOfferOutcome): string {
  return outcome ? `/offer#${outcome}` : '/offer';
}

/** Whether a system page answers only where the content opens it. */
export function isContentOpened(page: string): page is ContentOpenedPageId {
  return Object.hasOwn(contentOpenedPaths, page);
}

/**
 * The system page whose own a path of a site is: one the table lists there, one the content may
 * open there (contentOpenedPaths), or one whose
 * canonical address it is though only the site's fallback answers it (the waitlist's and the
 * book's "/", D1 and D2). An owner's page or a redirect there would take that page's address
 * (docs/decisions/026-owner-pages.md); any other path of a fallback site is the owner's to take.
 */
export function systemPageAt(site: SiteId, path: string): SystemPageId | undefined {
  // A page the content opens keeps its paths whether it is open or not: opening it never clashes.
  const opened = Object.entries(contentOpenedPaths).find(([, paths]) =>
    paths.some((each) => each.site === site && each.path === path),
  )?.[0] as ContentOpenedPageId | undefined;
  return (
    siteRoutes[site].paths[path] ??
    opened ??
    systemPageIds.find(
      (page) => canonicalLocation[page]?.site === site && canonicalLocation[page]?.path === path,
    )
  );
}

/** Host header -> bare lower-case host name: port and trailing dot removed. */
export function normalizeHost(hostHeader: string | null | undefined): string {
  const raw = (hostHeader ?? '').trim().toLowerCase();
  // "[::1]:3000" keeps its brackets; "example.com:3000" loses its port.
  const host = raw.startsWith('[') ? raw.slice(0, raw.indexOf(']') + 1) : raw.split(':')[0];
  return (host ?? '').replace(/\.$/, '');
}

/** Path -> lower case, no trailing slash (a trailing slash does not change the page). */
export function normalizePath(path: string): string {
  const withoutQuery = path.split(/[?#]/)[0] ?? '';
  const trimmed = withoutQuery.replace(/\/+$/, '').toLowerCase();
  return trimmed === '' ? '/' : trimmed.startsWith('/') ? trimmed : `/${trimmed}`;
}

export function siteForHost(hostHeader: string | null | undefined, hosts: NamedHosts): SiteId {
  const host = normalizeHost(hostHeader).replace(/^www\./, '');
  const named = (Object.keys(namedSite) as Array<keyof NamedHosts>).find(
    (key) => hosts[key] === host,
  );
  return named ? namedSite[named] : 'main';
}

/** Every (site, path) pair listed in the table: what the smoke tests walk. */
export function listedRoutes(): Array<{ site: SiteId; path: string; page: SystemPageId }> {
  return (Object.keys(siteRoutes) as SiteId[]).flatMap((site) =>
    Object.entries(siteRoutes[site].paths).map(([path, page]) => ({ site, path, page })),
  );
}

/**
 * The first segments of the paths the server answers itself, before any page or redirect
 * (server/app.ts): the JSON API, the owner's room, the checkout links, the built files, the search
 * files, and the editor of `npm run dev`. A redirect from one of them would never be reached, so
 * the content may not name them (contracts/content/redirects.ts).
 */
export const reservedSegments = [
  'api',
  'owner',
  'go',
  'downloads',
  'assets',
  'keystatic',
  'favicon.svg',
  'robots.txt',
  'sitemap.xml',
] as const;

/** Whether a normalized path is, or lies under, one of the reserved ones. */
export function isReservedPath(path: string): boolean {
  return (reservedSegments as readonly string[]).includes(path.split('/')[1] ?? '');
}

/**
 * A path the owner may give a page or a redirect: segments of lower-case letters, digits and the
 * URL's unreserved marks, no trailing slash: what normalizePath makes of a path, so it matches.
 */
export const ownerPathPattern = /^\/(?:[a-z0-9][a-z0-9._~-]*(?:\/[a-z0-9][a-z0-9._~-]*)*)?$/;
