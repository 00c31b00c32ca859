/**
 * Product decision D4, widened by decision 013: where a visitor came from. One rule for the browser
 * (every tracking event, the source stored with a sign-up) and the server (the page views it
 * counts), so that views and sign-ups of a source line up. In order:
 * 1. a `utm_source` query parameter;
 * 2. a last path segment that is or ends in "ig" means Instagram (`/ig`, `/bookwaitlistig`),
 *    "li" LinkedIn (`/li`, `/bookwaitlistli`);
 * 3. the host of the referring page when it is another site (`google.com`): a referrer on one of
 *    our own hosts is a visitor moving between our pages, not a source;
 * 4. otherwise Direct.
 * Whatever the rule finds goes through `sourceName`, so one source has one name however it
 * arrived: `?utm_source=ig`, `/ig` and a link from l.instagram.com all count as Instagram.
 * It lives in contracts/ rather than beside the route table so that a page's bundle gets these
 * functions alone.
 */

/**
 * The sources the owner knows by name, each with its one spelling, the other words people put
 * in a `utm_source` for it (compared in lower case), and the sites whose links bring its
 * visitors (a site matches itself and its subdomains: l.instagram.com is Instagram).
 */
export const knownSources = {
  Instagram: { aliases: ['ig', 'insta'], sites: ['instagram.com'] },
  LinkedIn: { aliases: ['li', 'linked-in', 'lnkd'], sites: ['linkedin.com', 'lnkd.in'] },
  Facebook: { aliases: ['fb'], sites: ['facebook.com', 'fb.com', 'fb.me'] },
  X: { aliases: ['twitter', 'tw'], sites: ['x.com', 'twitter.com', 't.co'] },
  Threads: { aliases: [], sites: ['threads.net', 'threads.com'] },
  YouTube: { aliases: ['yt', 'you-tube'], sites: ['youtube.com', 'youtu.be'] },
  TikTok: { aliases: ['tt', 'tik-tok'], sites: ['tiktok.com'] },
  Pinterest: { aliases: [], sites: ['pinterest.com', 'pin.it'] },
  Reddit: { aliases: [], sites: ['reddit.com'] },
  WhatsApp: { aliases: ['wa'], sites: ['whatsapp.com', 'wa.me'] },
  Google: {
    aliases: [],
    sites: ['google.com', 'google.co.uk', 'com.google.android.googlequicksearchbox'],
  },
  Bing: { aliases: [], sites: ['bing.com'] },
  DuckDuckGo: { aliases: ['ddg'], sites: ['duckduckgo.com'] },
  Newsletter: { aliases: ['kit', 'convertkit', 'mailing-list'], sites: [] },
  Email: {
    aliases: ['e-mail', 'mail'],
    sites: ['mail.google.com', 'com.google.android.gm', 'outlook.live.com', 'mail.yahoo.com'],
  },
  Direct: { aliases: ['(direct)', 'none', '(none)'], sites: [] },
} as const satisfies Record<string, { aliases: readonly string[]; sites: readonly string[] }>;

export type KnownSource = keyof typeof knownSources;

/** A known source's name, or any other source as it was sent (cleaned, see sourceName). */
export type TrafficSource = KnownSource | (string & {});

/** The longest source kept: a `utm_source` or a referring host beyond it is cut. */
export const maxSourceLength = 64;

const entries = Object.entries(knownSources) as [KnownSource, (typeof knownSources)[KnownSource]][];
/** Every name and alias, lower case, to its one spelling. */
const byWord = new Map<string, KnownSource>(
  entries.flatMap(([name, { aliases }]) => [
    [name.toLowerCase(), name] as const,
    ...aliases.map((alias) => [alias, name] as const),
  ]),
);
/** Longest site first, so mail.google.com is Email before google.com makes it Google. */
const bySite = entries
  .flatMap(([name, { sites }]) => sites.map((site) => ({ site: site as string, name })))
  .sort((a, b) => b.site.length - a.site.length);

// biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point.
const controls = /[\u0000-\u001f\u007f-\u009f]/g;

/**
 * The one name of a source however it was spelled: a known source's name, alias or site, in any
 * case, gives its name (`instagram`, `IG`, `www.instagram.com` → Instagram); anything else is
 * kept as it came, without control characters, trimmed and at most 64 characters. The funnel
 * reads stored sources through it too, so rows kept under an older spelling join today's.
 */
export function sourceName(raw: string): TrafficSource {
  const text = raw.replace(controls, '').trim().slice(0, maxSourceLength).trim();
  const word = text.toLowerCase();
  const known = byWord.get(word);
  if (known) return known;
  const host = bareHost(word);
  const site = bySite.find(({ site }) => host === site || host.endsWith(`.${site}`));
  return site ? site.name : text;
}

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
  const utm = sourceName(new URLSearchParams(search).get('utm_source') ?? '');
  if (utm) return utm;
  const lastSegment =
    path.split(/[?#]/)[0]?.replace(/\/+$/, '').toLowerCase().split('/').pop() ?? '';
  if (lastSegment.endsWith('ig')) return 'Instagram';
  if (lastSegment.endsWith('li')) return 'LinkedIn';
  const site = referringSite(referrer, ownHosts);
  return site ? sourceName(site) : 'Direct';
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
  return host;
}

const bareHost = (host: string) =>
  host
    .toLowerCase()
    .replace(/\.$/, '')
    .replace(/^www\./, '');
