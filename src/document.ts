import type { Graph } from 'schema-dts';
import type { writingFeedTypes } from '../contracts/content/posts';
import { escapeMarkup } from '../contracts/escape-markup';
import type { PageMeta } from './content/types';
import { scriptJson } from './lib/script-json';
import { themeColors } from './styles/theme-colors';

/** The page's share image: an absolute URL on the page's own origin. */
export interface ShareImage {
  url: string;
  width: number;
  height: number;
  alt: string;
}

/**
 * A page's client entry: the built entry's code written into the page (decision 025), or, in
 * `npm run dev`, the source file with the modules it imports, fetched early but at low priority.
 */
export type PageScript = { inline: string } | { src: string; imports: readonly string[] };

export interface DocumentParts {
  meta: PageMeta;
  /** Absolute canonical URL, or null for pages without one (404). */
  canonical: string | null;
  /** Keep the page out of search results (contracts/routes.ts, `isIndexed`). */
  noindex: boolean;
  /** Open Graph and X card tags, for a page with a canonical address and a share image. */
  share: { siteName: string; image: ShareImage } | null;
  /** JSON-LD about the page (src/seo/structured-data.ts), a data block the browser never runs. */
  structuredData: Graph | null;
  /** The writing's feeds (docs/decisions/028-writing.md), offered by every page to feed readers. */
  feeds: ReadonlyArray<{
    type: (typeof writingFeedTypes)[keyof typeof writingFeedTypes];
    title: string;
    href: string;
  }>;
  /** Prerendered React markup of the page. */
  body: string;
  stylesheets: readonly string[];
  script: PageScript;
  /** Fonts needed for the first paint (the headline face). */
  fontPreloads: readonly string[];
}

const language = 'en-GB';

/** What a link preview shows (Open Graph; X reads the same, plus its own card type). */
function shareTags(
  meta: PageMeta,
  url: string,
  { siteName, image }: NonNullable<DocumentParts['share']>,
): string[] {
  const property = (name: string, content: string | number) =>
    `<meta property="${name}" content="${escapeMarkup(String(content))}">`;
  const named = (name: string, content: string) =>
    `<meta name="${name}" content="${escapeMarkup(content)}">`;
  return [
    property('og:type', 'website'),
    property('og:site_name', siteName),
    property('og:locale', language.replace('-', '_')),
    property('og:title', meta.title),
    property('og:description', meta.description),
    property('og:url', url),
    property('og:image', image.url),
    property('og:image:type', 'image/png'),
    property('og:image:width', image.width),
    property('og:image:height', image.height),
    property('og:image:alt', image.alt),
    named('twitter:card', 'summary_large_image'),
    named('twitter:title', meta.title),
    named('twitter:description', meta.description),
    named('twitter:image', image.url),
    named('twitter:image:alt', image.alt),
  ];
}

/**
 * The HTML document around a prerendered page. No inline style, and one inline script at most,
 * the page's entry, which the CSP allows by its hash (decision 025): no 'unsafe-inline'. The page
 * script is a module, so it runs once the document is parsed and competes with nothing the first
 * paint needs: the HTML already shows the whole page.
 */
export function renderDocument({
  meta,
  canonical,
  noindex,
  share,
  structuredData,
  feeds,
  body,
  stylesheets,
  script,
  fontPreloads,
}: DocumentParts): string {
  const head = [
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeMarkup(meta.title)}</title>`,
    `<meta name="description" content="${escapeMarkup(meta.description)}">`,
    canonical ? `<link rel="canonical" href="${escapeMarkup(canonical)}">` : '',
    noindex ? '<meta name="robots" content="noindex">' : '',
    `<meta name="theme-color" content="${themeColors[meta.theme].paper}">`,
    '<link rel="icon" href="/favicon.svg" type="image/svg+xml">',
    ...feeds.map(
      ({ type, title, href }) =>
        `<link rel="alternate" type="${type}" title="${escapeMarkup(title)}" href="${escapeMarkup(href)}">`,
    ),
    ...fontPreloads.map(
      (href) => `<link rel="preload" href="${href}" as="font" type="font/woff2" crossorigin>`,
    ),
    ...stylesheets.map((href) => `<link rel="stylesheet" href="${href}">`),
    // What crawlers and link previews read goes last: the stylesheet is found sooner.
    ...(canonical && share ? shareTags(meta, canonical, share) : []),
    structuredData
      ? `<script type="application/ld+json">${scriptJson(structuredData)}</script>`
      : '',
  ].filter(Boolean);
  return [
    '<!doctype html>',
    `<html lang="${language}" data-theme="${meta.theme}">`,
    `<head>${head.join('')}</head>`,
    `<body><div id="root">${body}</div>`,
    ...('inline' in script
      ? [`<script type="module">${script.inline}</script>`]
      : [
          ...script.imports.map(
            (href) => `<link rel="modulepreload" href="${href}" fetchpriority="low">`,
          ),
          `<script type="module" src="${script.src}" fetchpriority="low"></script>`,
        ]),
    '</body></html>',
  ].join('\n');
}
