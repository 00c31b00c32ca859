import type { PageMeta } from '../src/content/types';
import { themeColors } from '../src/styles/theme-colors';

export interface DocumentParts {
  meta: PageMeta;
  /** Absolute canonical URL, or null for pages without one (404). */
  canonical: string | null;
  /** Keep the page out of search results (src/routes.ts, `isIndexed`). */
  noindex: boolean;
  /** Prerendered React markup of the page. */
  body: string;
  stylesheets: readonly string[];
  script: string;
  /** Fonts needed for the first paint (the headline face). */
  fontPreloads: readonly string[];
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * The HTML document around a prerendered page. No inline script or style, so the CSP needs no
 * 'unsafe-inline'. The page script is a module (deferred) with low fetch priority so that it
 * does not compete with the first paint: the HTML already shows the whole page.
 */
export function renderDocument({
  meta,
  canonical,
  noindex,
  body,
  stylesheets,
  script,
  fontPreloads,
}: DocumentParts): string {
  const head = [
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(meta.title)}</title>`,
    `<meta name="description" content="${escapeHtml(meta.description)}">`,
    canonical ? `<link rel="canonical" href="${escapeHtml(canonical)}">` : '',
    noindex ? '<meta name="robots" content="noindex">' : '',
    `<meta name="theme-color" content="${themeColors[meta.theme].paper}">`,
    '<link rel="icon" href="/favicon.svg" type="image/svg+xml">',
    ...fontPreloads.map(
      (href) => `<link rel="preload" href="${href}" as="font" type="font/woff2" crossorigin>`,
    ),
    ...stylesheets.map((href) => `<link rel="stylesheet" href="${href}">`),
  ].filter(Boolean);
  return [
    '<!doctype html>',
    `<html lang="en-GB" data-theme="${meta.theme}">`,
    `<head>${head.join('')}</head>`,
    `<body><div id="root">${body}</div>`,
    `<script type="module" src="${script}" fetchpriority="low"></script>`,
    '</body></html>',
  ].join('\n');
}
