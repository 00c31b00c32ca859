/**
 * The four sites and where each lives: the one mapping from a site to its host and origin
 * (product decision D5). The three named hosts are configuration; the main site is SITE_URL and
 * answers every other host. The route table (contracts/routes.ts), the server, the build and the
 * browser tests all take their hosts and origins from here.
 */
export const siteIds = ['main', 'sellable-business', 'waitlist', 'book'] as const;
export type SiteId = (typeof siteIds)[number];

/** The three named hosts (D5), bare and lower case. */
export interface NamedHosts {
  sellableBusiness: string;
  waitlist: string;
  book: string;
}

export const namedSite = {
  sellableBusiness: 'sellable-business',
  waitlist: 'waitlist',
  book: 'book',
} as const satisfies Record<keyof NamedHosts, SiteId>;

/** Each site's origin: the named sites share the main site's scheme and port. */
export function siteOrigins(siteUrl: string, hosts: NamedHosts): Record<SiteId, string> {
  const main = new URL(siteUrl);
  const origin = (host: string) => `${main.protocol}//${host}${main.port ? `:${main.port}` : ''}`;
  return {
    main: main.origin,
    'sellable-business': origin(hosts.sellableBusiness),
    waitlist: origin(hosts.waitlist),
    book: origin(hosts.book),
  };
}

/**
 * Each site's host name (its origin's, without scheme or port): what a page view or a lead is
 * counted under, and the hosts whose links are a visitor moving between our own pages.
 */
export function siteHostNames(origins: Record<SiteId, string>): Record<SiteId, string> {
  return Object.fromEntries(
    siteIds.map((site) => [site, new URL(origins[site]).hostname]),
  ) as Record<SiteId, string>;
}
