/**
 * D4: where a waitlist visitor came from. A `utm_source` query parameter wins; otherwise a last
 * path segment that is or ends in "ig" means Instagram (`/ig`, `/bookwaitlistig`), "li"
 * LinkedIn (`/li`, `/bookwaitlistli`), anything else Direct. Its own module, so a page's bundle
 * gets this function and not the route table.
 */

/** Free text so that a `utm_source` value passes through as given. */
export type TrafficSource = 'Instagram' | 'LinkedIn' | 'Direct' | (string & {});

const maxSourceLength = 64;

export function trafficSource(path: string, search = ''): TrafficSource {
  const utm = new URLSearchParams(search).get('utm_source')?.trim();
  if (utm) return utm.slice(0, maxSourceLength);
  const lastSegment =
    path.split(/[?#]/)[0]?.replace(/\/+$/, '').toLowerCase().split('/').pop() ?? '';
  if (lastSegment.endsWith('ig')) return 'Instagram';
  if (lastSegment.endsWith('li')) return 'LinkedIn';
  return 'Direct';
}
