import type { Context } from 'hono';
import type { ClientOf } from '../forwarded';

/** This request's own origin as the browser saw it: the Host it was sent to, with its scheme. */
export function requestOrigin(c: Context, clientOf: ClientOf): string {
  return `${clientOf(c).protocol}://${new URL(c.req.url).host}`;
}

/**
 * Accepts a post from a page of the same origin only. Browsers send Origin with every POST; older
 * ones send at least Sec-Fetch-Site. A client that sends neither is not a browser (curl, tests,
 * monitoring), so no other site can be riding on a visitor's browser. Each named host is its own
 * origin: a page on one may not post to another.
 */
export function isSameOriginPost(headers: Headers, ownOrigin: string): boolean {
  const origin = headers.get('origin');
  if (origin !== null) return origin.toLowerCase() === ownOrigin;
  const fetchSite = headers.get('sec-fetch-site');
  if (fetchSite !== null) return fetchSite === 'same-origin' || fetchSite === 'none';
  return true;
}

/**
 * Where a native form post goes back to: the path and query of the page it came from when that
 * page is ours, else the home page. Never another site (no open redirect), and never a
 * protocol-relative "//host" path.
 */
export function returnPath(referer: string | undefined, ownOrigin: string): string {
  if (!referer) return '/';
  let url: URL;
  try {
    url = new URL(referer);
  } catch {
    return '/';
  }
  if (url.origin !== ownOrigin) return '/';
  return `${url.pathname.replace(/^\/+/, '/')}${url.search}`;
}
