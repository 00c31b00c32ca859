import { checkoutRoot } from '../../../contracts/checkout';
import { escapeMarkup } from '../../../contracts/escape-markup';
import { type OwnerRoute, sitemapEntries } from '../../../contracts/routes';
import { type SiteId, siteIds } from '../../../contracts/sites';
import { type StaticFile, staticFile } from '../../http/static-files';

/** What search engines ask every host for. */
export const searchFilePaths = ['/robots.txt', '/sitemap.xml'] as const;
export type SearchFilePath = (typeof searchFilePaths)[number];

/**
 * Everything may be crawled but the checkout redirects (contracts/checkout.ts `checkoutRoot`): a
 * crawler that follows one gains nothing and, were it a person's click, would open a checkout
 * (docs/decisions/034-selling-that-cannot-be-gamed.md).
 */
function robotsTxt(origin: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    `Disallow: ${checkoutRoot}`,
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}

function sitemapXml(entries: ReturnType<typeof sitemapEntries>): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...entries.map(
      ({ url, lastmod }) =>
        `  <url><loc>${escapeMarkup(url)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</url>`,
    ),
    '</urlset>',
    '',
  ].join('\n');
}

/**
 * Each site's robots.txt and sitemap.xml, from the route table (the system's and the owner's
 * pages) and the configured origins (decision 011): a host lists exactly the pages it serves canonically.
 */
export function searchFiles(
  origins: Record<SiteId, string>,
  /** The pages the content makes (the owner's, the writing's), listed beside the system's. */
  owner: readonly OwnerRoute[] = [],
  /** A page that opens later (a post dated ahead) is not listed before. */
  now = Date.now(),
): Record<SiteId, Record<SearchFilePath, StaticFile>> {
  const filesOf = (site: SiteId): Record<SearchFilePath, StaticFile> => ({
    '/robots.txt': staticFile('robots.txt', Buffer.from(robotsTxt(origins[site]))),
    '/sitemap.xml': staticFile(
      'sitemap.xml',
      Buffer.from(sitemapXml(sitemapEntries(site, origins, owner, now))),
    ),
  });
  return Object.fromEntries(siteIds.map((site) => [site, filesOf(site)])) as Record<
    SiteId,
    Record<SearchFilePath, StaticFile>
  >;
}
