import { publicConfig } from '../config';

/**
 * A path's address on the main site, whichever site shows the link: the legal pages and every
 * footer are served on the waitlist and book hosts too, where a bare "/" would stay on that host
 * (contracts/sites.ts).
 */
export function onMainSite(path: string): string {
  return new URL(path, publicConfig.origins.main).href;
}
