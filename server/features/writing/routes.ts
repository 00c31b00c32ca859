import { Hono } from 'hono';
import type { FeedSource } from '../../../contracts/render-slices/writing';
import { siteForHost } from '../../../contracts/routes';
import type { NamedHosts, siteOrigins } from '../../../contracts/sites';
import { changesOf, latestBy } from '../../../contracts/writing';
import { sendFile } from '../../http/send-file';
import type { Site } from '../../site';
import { feedFiles, writingFeeds } from './feeds';

/** What the writing's and the search files' routes are made from: the site served, its hosts. */
export interface ServedSite {
  site: Site;
  hosts: NamedHosts;
  origins: ReturnType<typeof siteOrigins>;
}

/**
 * The writing's feeds on the main site (docs/decisions/028-writing.md), made again when a publish
 * changes the writing, or a post or an update dated ahead comes out. Any other path goes on.
 */
export function feedRoutes({ site, hosts, origins }: ServedSite): Hono {
  let feeds:
    | { for: FeedSource; changed?: string; files: ReturnType<typeof writingFeeds> }
    | undefined;
  return new Hono().on(['GET', 'HEAD'], '*', async (c, next) => {
    const { writing } = site;
    const file = feedFiles.find((name) => c.req.path === `${writing?.path}/${name}`);
    if (!writing || !file || siteForHost(c.req.header('host'), hosts) !== 'main') return next();
    const now = Date.now();
    const changed = latestBy(Object.values(writing.posts).flatMap(changesOf), now);
    if (feeds?.for !== writing || feeds.changed !== changed) {
      feeds = { for: writing, changed, files: writingFeeds(writing, origins.main, now) };
    }
    return sendFile(c, feeds.files[file]);
  });
}
