import type { SiteId } from './sites';

/**
 * The browser-visible settings: the build bakes them into every page (server/env.ts's
 * `toPublicConfig` makes them from the configuration; src/config.ts reads them). An explicit
 * allowlist: nothing secret belongs here.
 */
export interface PublicConfig {
  origins: Record<SiteId, string>;
  links: {
    bookRetailer: string;
    communityInvite: string;
    instagram: string;
    x: string;
    linkedin: string;
    youtube: string;
    tiktok: string;
  };
  videos: { hero: string | null; speaking: string | null; teaser: string | null };
  tracking: { metaPixelId: string | null; gaMeasurementId: string | null };
  spacesCounter: { mode: 'simulated' | 'live' };
  handbookCountdown: { mode: 'simulated' | 'deadline' | 'off'; deadline: string | null };
}
