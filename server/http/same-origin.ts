import type { Context } from 'hono';
import type { ClientOf } from './forwarded';

/**
 * The origins a page of this request's host may have, as the browser saw it: the Host it was
 * sent to with the scheme the configuration gives the sites (SITE_URL's), and with the scheme the
 * request itself came in on. Behind a proxy that terminates TLS without TRUST_PROXY, the request
 * arrives as http while the page was https: the configured scheme is the one the browser used.
 * The Host is the browser's own choice of where to send, so no other site can match either.
 */
export function pageOrigins(siteUrl: string, clientOf: ClientOf): (c: Context) => string[] {
  const configured = new URL(siteUrl).protocol;
  return (c) => {
    const host = new URL(c.req.url).host;
    const own = `${clientOf(c).protocol}://${host}`;
    const expected = `${configured}//${host}`;
    return own === expected ? [own] : [expected, own];
  };
}

/**
 * Accepts a post from a page of the same origin only. Browsers send Origin with every POST; older
 * ones send at least Sec-Fetch-Site. A client that sends neither is not a browser (curl, tests,
 * monitoring), so no other site can be riding on a visitor's browser. Each named host is its own
 * origin: a page on one may not post to another.
 */
export function isSameOriginPost(headers: Headers, ownOrigin: string | readonly string[]): boolean {
  const origin = headers.get('origin');
  if (origin !== null) return [ownOrigin].flat().includes(origin.toLowerCase());
  const fetchSite = headers.get('sec-fetch-site');
  if (fetchSite !== null) return fetchSite === 'same-origin' || fetchSite === 'none';
  return true;
}

/**
 * Where a native form post goes back to: the path and query of the page it came from when that
 * page is ours, else the home page. Never another site (no open redirect), and never a
 * protocol-relative "//host" path.
 */
export function returnPath(
  referer: string | undefined,
  ownOrigin: string | readonly string[],
): string {
  if (!referer) return '/';
  let url: URL;
  try {
    url = new URL(referer);
  } catch {
    return '/';
  }
  if (![ownOrigin].flat().includes(url.origin)) return '/';
  return `${url.pathname.replace(/^\/+/, '/')}${url.search}`;
}
