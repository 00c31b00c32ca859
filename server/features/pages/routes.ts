import { Hono } from 'hono';
import { type DocumentId, liveOn, variantId } from '../../../contracts/content/experiments';
import { redirectFor, resolveRoute, routeMoments, siteForHost } from '../../../contracts/routes';
import { isShareImageOfUnopened } from '../../../contracts/share-images';
import type { NamedHosts, siteOrigins } from '../../../contracts/sites';
import { latestBy } from '../../../contracts/writing';
import type { ClientOf } from '../../http/forwarded';
import { sendFile } from '../../http/send-file';
import type { PageViewCounter } from '../../page-views/counter';
import type { Site } from '../../site';
import type { Exposures } from '../experiments';
import { experimentFor } from '../experiments';
import { searchFilePaths, searchFiles } from './search-files';

/** What the pages' routes are made from (the app's context, server/app-context.ts, is one). */
export interface PagesContext {
  site: Site;
  hosts: NamedHosts;
  origins: ReturnType<typeof siteOrigins>;
  clientOf: ClientOf;
  /** Counts the view of each page served; none when counting is off. */
  pageViews?: PageViewCounter;
  /** Counts who was shown which variant; none without page views. */
  exposures?: Exposures;
}

/**
 * Each host's own robots.txt and sitemap.xml, before anything the route table would answer; made
 * again when a publish changes the owner's pages, or a post or an update dated ahead comes out
 * (the latest of the table's moments passed is then another).
 */
export function searchRoutes({ site, hosts, origins }: PagesContext): Hono {
  const searchOf = (now: number) => {
    const { ownerRoutes } = site.routes;
    const moments = routeMoments(ownerRoutes);
    return {
      for: ownerRoutes,
      moments,
      passed: latestBy(moments, now),
      files: searchFiles(origins, ownerRoutes, now),
    };
  };
  let search = searchOf(Date.now());
  const app = new Hono();
  for (const path of searchFilePaths) {
    app.on(['GET', 'HEAD'], path, (c) => {
      const now = Date.now();
      if (
        search.for !== site.routes.ownerRoutes ||
        search.passed !== latestBy(search.moments, now)
      ) {
        search = searchOf(now);
      }
      return sendFile(c, search.files[siteForHost(c.req.header('host'), hosts)][path]);
    });
  }
  return app;
}

/**
 * Every other GET: the built public files first (assets, favicon, downloads; not the share image
 * of a post dated ahead, which is drawn ahead with its title), then the owner's redirects, then
 * the route table's page, as the variant its visitor is shown when an experiment runs on it.
 */
export function pageRoutes(context: PagesContext): Hono {
  const { site, hosts, clientOf, pageViews, exposures } = context;
  return new Hono().on(['GET', 'HEAD'], '*', (c) => {
    const file = site.files.get(c.req.path);
    if (file && !isShareImageOfUnopened(c.req.path, site.routes.ownerRoutes, Date.now())) {
      return sendFile(c, file);
    }
    const host = c.req.header('host');
    const search = new URL(c.req.url).search;
    const redirect = redirectFor(
      site.routes.redirects,
      siteForHost(host, hosts),
      c.req.path,
      search,
    );
    if (redirect) {
      // Not cached for long: a redirect the owner removes stops within the hour.
      c.header('Cache-Control', redirect.status === 301 ? 'public, max-age=3600' : 'no-store');
      return c.redirect(redirect.location, redirect.status);
    }
    const route = resolveRoute(host, c.req.path, hosts, site.routes.ownerRoutes);
    // The page request itself is the view: no beacon, works without JavaScript (decision 013).
    const visitor =
      route.status === 200 ? (pageViews?.record(c.req.raw, clientOf(c).address) ?? null) : null;
    const now = Date.now();
    const experiment = route.status === 200 && liveOn(site.experiments.list, route.page, now);
    // Chosen on the server, without a cookie (decision 027); a request that was not counted
    // (a bot, a prefetch, an address past its budget) gets the page as it is.
    const shown = visitor && experimentFor(site.experiments.list, route.page, visitor.key, now);
    if (visitor && shown) exposures?.expose(visitor, shown);
    const document: DocumentId =
      shown && shown.variant !== 'control'
        ? variantId(route.page, shown.name, shown.variant)
        : route.page;
    const page = site.pages.get(document);
    if (!page) throw new Error(`Page ${document} missing from the build`);
    // No shared cache may keep one visitor's variant for everyone.
    return sendFile(c, page, route.status, experiment ? 'private, no-cache' : undefined);
  });
}
