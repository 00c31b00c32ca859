import type { Redirect } from './content/redirects';
import {
  type CanonicalLocation,
  type ContentOpenedPageId,
  canonicalLocation,
  contentOpenedPaths,
  isContentOpened,
  normalizePath,
  type SystemPageId,
  siteForHost,
  siteRoutes,
  systemPageIds,
} from './route-table';
import type { NamedHosts, SiteId } from './sites';
import { latestBy, type WritingContent, type WritingPageId, writingPages } from './writing';

/**
 * The one route table: host -> site -> path -> page. The seed's part, the pages the code defines,
 * is contracts/route-table.ts; this adds the pages the content makes (the owner's, the
 * writing's). It feeds the server, the prerender list, the sitemaps and the tests; no other
 * module branches on the host.
 */

export {
  type CheckoutOutcome,
  type CohortOfferOutcome,
  type ContentOpenedPageId,
  canonicalLocation,
  checkoutOutcomePages,
  cohortApplyLink,
  cohortOfferOutcomes,
  cohortOfferPage,
  contentOpenedPaths,
  isContentOpened,
  isReservedPath,
  listedRoutes,
  normalizeHost,
  normalizePath,
  ownerPathPattern,
  reservedSegments,
  type SystemPageId,
  siteForHost,
  siteRoutes,
  systemPageAt,
  systemPageIds,
  workshopPaths,
} from './route-table';

/** One of the owner's pages, by its file's name: content/pages/<slug>.yaml. */
export type OwnerPageId = `pages/${string}`;

/** A page the content makes: one of the owner's, or one of the writing's (contracts/writing.ts). */
export type ContentPageId = OwnerPageId | WritingPageId;

export type PageId = SystemPageId | ContentPageId;

export function ownerPageId(slug: string): OwnerPageId {
  return `pages/${slug}`;
}

/**
 * Where a page the content makes answers (the owner's pages, contracts/content/pages.ts, and the
 * writing's, contracts/writing.ts), or a system page the content opens (contentOpenedPaths: the
 * cohort's application page): the build and the server take these from the content, beside the
 * system routes below.
 */
export interface OwnerRoute {
  page: ContentPageId | ContentOpenedPageId;
  site: SiteId;
  /** Normalized (normalizePath), as the content's schema insists. */
  path: string;
  noindex: boolean;
  /**
   * When the page's words changed (ISO), known for the writing's pages: the sitemap's `lastmod` is
   * the latest of them passed at its time, so a post or an update dated ahead moves no date before
   * it is out (docs/decisions/028-writing.md).
   */
  changed?: readonly string[];
  /**
   * From when the page answers (ISO): a post dated ahead, and the lists it first fills, are on
   * no route and in no sitemap until then (docs/decisions/028-writing.md).
   */
  from?: string;
}

/**
 * Every moment a page the content makes opens or its words change (ISO), each once: the sitemaps
 * change only then, so a server makes them again when another has passed (server/app.ts).
 */
export function routeMoments(owner: readonly OwnerRoute[]): string[] {
  const moments = new Set<string>();
  for (const { from, changed = [] } of owner) {
    if (from) moments.add(from);
    for (const moment of changed) moments.add(moment);
  }
  return [...moments];
}

/** The routes of the pages the content makes that answer at `now`. */
export function openRoutes(owner: readonly OwnerRoute[], now: number): OwnerRoute[] {
  return owner.filter(({ from }) => from === undefined || Date.parse(from) <= now);
}

/**
 * What the route table reads of the cohort: whether it takes applications on the site (absent in
 * renders made before the choice, which took none).
 */
export interface CohortAdmission {
  cohort?: { admission?: 'call' | 'application' };
}

/**
 * Where each page the content makes answers: the owner's pages by slug, then the writing's, then
 * the system pages the content opens (the cohort's application page and offer page, with
 * `admission: application`; the first of each one's paths is its canonical one).
 */
export function ownerRoutes(
  content: {
    pages: Readonly<Record<string, { site: SiteId; path: string; noindex: boolean }>>;
  } & WritingContent &
    CohortAdmission,
): OwnerRoute[] {
  const opened: ContentOpenedPageId[] =
    content.cohort?.admission === 'application' ? ['cohort-apply', 'cohort-offer'] : [];
  return [
    ...Object.entries(content.pages).map(([slug, page]) => ({
      page: ownerPageId(slug),
      site: page.site,
      path: page.path,
      noindex: page.noindex,
    })),
    ...writingPages(content).map(({ page, path, changed, from }) => ({
      page,
      site: 'main' as const,
      path,
      noindex: false,
      changed,
      ...(from ? { from } : {}),
    })),
    ...opened.flatMap((page) =>
      contentOpenedPaths[page].map(({ site, path }) => ({
        page,
        site,
        path,
        noindex: canonicalLocation[page]?.noindex === true,
      })),
    ),
  ];
}

/**
 * Every page a render makes: the system's (those the content opens only when its routes have
 * them), then the owner's.
 */
export function allPageIds(owner: readonly OwnerRoute[]): PageId[] {
  const routed = new Set<PageId>(owner.map((route) => route.page));
  return [
    ...systemPageIds.filter((page) => !isContentOpened(page) || routed.has(page)),
    ...[...routed].filter((page) => !isContentOpened(page)),
  ];
}

/**
 * Where a page lives: a system page's from the table above (one the content opens only while its
 * routes have it), an owner's page's from its route.
 */
function locationOf(page: PageId, owner: readonly OwnerRoute[]): CanonicalLocation | null {
  if (isContentOpened(page) && !owner.some((route) => route.page === page)) return null;
  if (page in canonicalLocation) return canonicalLocation[page as SystemPageId];
  const route = owner.find((each) => each.page === page);
  if (!route) return null;
  return { site: route.site, path: route.path, ...(route.noindex ? { noindex: true } : {}) };
}

/** Whether search engines may list the page (the rest say `noindex`). */
export function isIndexed(page: PageId, owner: readonly OwnerRoute[] = []): boolean {
  const location = locationOf(page, owner);
  return location !== null && !location.noindex;
}

/** The page's absolute canonical URL on the configured origins; null for the 404 page. */
export function canonicalUrl(
  page: PageId,
  origins: Record<SiteId, string>,
  owner: readonly OwnerRoute[] = [],
): string | null {
  const location = locationOf(page, owner);
  return location ? new URL(location.path, origins[location.site]).href : null;
}

/**
 * What a site's sitemap lists at `now`: the indexed pages that live canonically on it, by
 * address, with when they last changed by then where the content says.
 */
export function sitemapEntries(
  site: SiteId,
  origins: Record<SiteId, string>,
  routes: readonly OwnerRoute[] = [],
  now = Date.now(),
): Array<{ url: string; lastmod?: string }> {
  const owner = openRoutes(routes, now);
  return allPageIds(owner)
    .filter((page) => isIndexed(page, owner) && locationOf(page, owner)?.site === site)
    .flatMap((page) => {
      const url = canonicalUrl(page, origins, owner);
      const changed = owner.find((route) => route.page === page)?.changed;
      const lastmod = changed && latestBy(changed, now);
      return url ? [{ url, ...(lastmod ? { lastmod } : {}) }] : [];
    })
    .sort((a, b) => (a.url < b.url ? -1 : a.url > b.url ? 1 : 0));
}

/** The addresses of a site's sitemap. */
export function sitemapUrls(
  site: SiteId,
  origins: Record<SiteId, string>,
  owner: readonly OwnerRoute[] = [],
  now = Date.now(),
): string[] {
  return sitemapEntries(site, origins, owner, now).map(({ url }) => url);
}

export interface ResolvedRoute {
  site: SiteId;
  page: PageId;
  status: 200 | 404;
}

/**
 * (host, path) -> the page to serve: a system route, else one of the owner's pages, else the
 * site's fallback. Pure: the hosts come in as configuration, the owner's pages as content.
 */
export function resolveRoute(
  hostHeader: string | null | undefined,
  path: string,
  hosts: NamedHosts,
  owner: readonly OwnerRoute[] = [],
  now = Date.now(),
): ResolvedRoute {
  const site = siteForHost(hostHeader, hosts);
  const routes = siteRoutes[site];
  const wanted = normalizePath(path);
  const page =
    routes.paths[wanted] ??
    openRoutes(owner, now).find((route) => route.site === site && route.path === wanted)?.page ??
    routes.fallback;
  return { site, page, status: page === 'not-found' ? 404 : 200 };
}

/**
 * Where a request for `path` (with its query string `search`, "?utm_source=…" or "") on `site`
 * is sent, if a redirect names it. The visitor's query string goes along unless the redirect
 * gives its own, so a link in a sent email keeps its traffic source (decision D4).
 */
export function redirectFor(
  redirects: readonly Redirect[],
  site: SiteId,
  path: string,
  search: string,
): { location: string; status: 301 | 302 } | null {
  const wanted = normalizePath(path);
  const redirect = redirects.find((each) => each.site === site && each.from === wanted);
  if (!redirect) return null;
  const onThisHost = redirect.to.startsWith('/');
  // A path is read against a placeholder origin only to split it into its parts.
  const target = new URL(redirect.to, 'http://this-host.invalid');
  if (!target.search) target.search = search;
  const location = onThisHost ? `${target.pathname}${target.search}${target.hash}` : target.href;
  return { location, status: redirect.kind === 'permanent' ? 301 : 302 };
}
