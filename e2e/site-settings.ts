import { e2ePort } from './hosts';
import { sampleTags } from './sample-tags';
import { sampleVideos } from './sample-videos';

/**
 * The public settings the browser tests' site is built and served with: its own port, which the
 * links between the four sites carry, and the sample players and tags whose consent paths the
 * tests walk. `npm test` builds once with them (scripts/test-build.ts) and the server command of
 * playwright.config.ts serves with them, so it finds that build fresh and builds nothing.
 */
export const e2eSiteSettings = {
  SITE_URL: `http://localhost:${e2ePort}`,
  ...sampleVideos,
  ...sampleTags,
};
