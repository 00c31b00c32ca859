/**
 * Which page requests count as a page view (decision 013): a GET (HEAD fetches no page), not a
 * speculative prefetch or prerender the visitor may never see, and not a known bot. The caller
 * has already resolved the request to a page that answers 200.
 */

/**
 * Known automated clients by User-Agent, compact on purpose: words most bots carry in their
 * name (bot, crawl, spider), search and social link previewers that do not (Yahoo's Slurp,
 * Facebook's and WhatsApp's fetchers, Google's tools), headless browsers (Lighthouse,
 * Playwright and Puppeteer run "HeadlessChrome"), and HTTP libraries and command-line tools.
 * A request with no User-Agent at all is a bot too. A bot that pretends to be a browser is
 * counted: no list can catch it, and the funnel's sign-up end is not fooled by it.
 */
const botPattern = new RegExp(
  [
    'bot',
    'crawl',
    'spider',
    'slurp',
    'headless',
    'lighthouse',
    'preview',
    'facebookexternalhit',
    'facebookcatalog',
    'whatsapp',
    'embedly',
    'google-', // Google-InspectionTool, Google-Read-Aloud, Google-PageRenderer…
    'mediapartners',
    'phantomjs',
    'scrapy',
    'curl/',
    'wget/',
    'python',
    'go-http-client',
    'okhttp',
    'java/',
    'axios',
    'node-fetch',
    'undici',
    '^node$', // Node's own fetch
    'libwww',
    'httpie',
    'postman',
    'monitor', // uptime checkers
  ].join('|'),
  'i',
);

export function isBot(userAgent: string | null | undefined): boolean {
  return !userAgent?.trim() || botPattern.test(userAgent);
}

/**
 * Chromium marks speculative loads `Sec-Purpose: prefetch` (or `prefetch;prerender`), older
 * browsers `Purpose: prefetch`: the visitor has not opened the page, and may never.
 */
export function isSpeculative(headers: Headers): boolean {
  return /prefetch/i.test(headers.get('sec-purpose') ?? headers.get('purpose') ?? '');
}

export function isCountedRequest(request: Pick<Request, 'method' | 'headers'>): boolean {
  return (
    request.method === 'GET' &&
    !isSpeculative(request.headers) &&
    !isBot(request.headers.get('user-agent'))
  );
}

/**
 * A person opening this address (docs/decisions/034-selling-that-cannot-be-gamed.md): a counted
 * request that the browser's Fetch Metadata says is a top-level navigation to a document, not an
 * image, a frame or a script's fetch of another site. A browser too old to send Fetch Metadata
 * is believed when the Referer is one of our pages (`fromOwnPage`), where its buttons are.
 */
export function isPersonNavigation(
  request: Pick<Request, 'method' | 'headers'>,
  fromOwnPage: boolean,
): boolean {
  if (!isCountedRequest(request)) return false;
  const mode = request.headers.get('sec-fetch-mode');
  if (mode === null) return fromOwnPage;
  return (
    mode === 'navigate' && (request.headers.get('sec-fetch-dest') ?? 'document') === 'document'
  );
}
