import { normalizeHost, siteForHost } from '../contracts/routes';
import { siteHostNames, siteOrigins } from '../contracts/sites';
import { type Env, namedHosts } from './env';

export interface SiteHosts {
  /**
   * The configured host name of the site a request is for: one of four, whatever the Host header
   * says (the main site answers every other host), so counts stay few and comparable.
   */
  of(hostHeader: string | undefined): string;
  /**
   * Hosts whose pages link to ours without being a traffic source: the four sites and the
   * request's own Host (the server may be reached by an address the configuration does not name).
   */
  own(hostHeader: string | undefined): string[];
}

export function siteHosts(
  env: Pick<Env, 'SITE_URL' | 'SELLABLE_BUSINESS_HOST' | 'WAITLIST_HOST' | 'BOOK_HOST'>,
): SiteHosts {
  const hosts = namedHosts(env);
  const names = siteHostNames(siteOrigins(env.SITE_URL, hosts));
  const configured = Object.values(names);
  return {
    of: (hostHeader) => names[siteForHost(hostHeader, hosts)],
    own: (hostHeader) => [normalizeHost(hostHeader), ...configured],
  };
}
