import { type Site, siteWithoutBuild } from '../site';

/** A site without a build for the API tests (server/site.ts): the share promise's goal is 2. */
export function testSite(parts: Partial<Site> = {}): Site {
  return siteWithoutBuild({ leads: { friendsGoal: 2 }, ...parts });
}
