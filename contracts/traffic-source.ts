/**
 * Product decision D4, widened by issue #13: where a visitor came from. One rule for the browser
 * (every tracking event, the source stored with a sign-up) and the server (the page views it
 * counts), so that views and sign-ups of a source line up. In order:
 * 1. a `utm_source` query parameter, as given;
 * 2. a last path segment that is or ends in "ig" means Instagram (`/ig`, `/bookwaitlistig`),
 *    "li" LinkedIn (`/li`, `/bookwaitlistli`);
 * 3. the host of the referring page when it is another site (`google.com`): a referrer on one of
 *    our own hosts is a visitor moving between our pages, not a source;
 * 4. otherwise Direct.
 * It lives in contracts/ rather than beside the route table so that a page's bundle gets this
 * function alone.
 */

/** Free text so that a `utm_source` value or a referring host passes through as given. */
export type TrafficSource = 'Instagram' | 'LinkedIn' | 'Direct' | (string & {});

const maxSourceLength = 64;

/**
 * `referrer` is the Referer header or `document.referrer` (empty when there is none);
 * `ownHosts` are the host names of our sites, the page's own among them.
 */
export function trafficSource(
  path: string,
  search = '',
  referrer = '',
  ownHosts: readonly string[] = [],
): TrafficSource {
  const utm = new URLSearchParams(search).get('utm_source')?.trim();
  if (utm) return utm.slice(0, maxSourceLength);
  const lastSegment =
    path.split(/[?#]/)[0]?.replace(/\/+$/, '').toLowerCase().split('/').pop() ?? '';
  if (lastSegment.endsWith('ig')) return 'Instagram';
  if (lastSegment.endsWith('li')) return 'LinkedIn';
  return referringSite(referrer, ownHosts) ?? 'Direct';
}

/** The referring page's host, lower case and without "www.", when it is not one of ours. */
function referringSite(referrer: string, ownHosts: readonly string[]): string | null {
  if (!referrer) return null;
  let host: string;
  try {
    host = bareHost(new URL(referrer).hostname);
  } catch {
    return null;
  }
  if (!host || ownHosts.some((own) => bareHost(own) === host)) return null;
  return host.slice(0, maxSourceLength);
}

const bareHost = (host: string) =>
  host
    .toLowerCase()
    .replace(/\.$/, '')
    .replace(/^www\./, '');
