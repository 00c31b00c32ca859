import { type BrowserContext, test as base } from '@playwright/test';
import { consentStorageKey, noConsent } from '../src/lib/consent';

/**
 * The browser tests' `test`: every test but the consent and tracking suites (which start from a
 * first visit: `test.use({ refusedEverything: false })`) is a returning visitor who refused
 * everything, so the banner stays away and nothing third-party loads.
 *
 * The choice is stored by a script that runs before the page's own on every origin, and only
 * where none is stored yet, so a choice a test makes stands. Playwright's storageState would do
 * the same by first opening each of the four sites in a page of its own: about 2 s a test on a
 * 2-core machine, a third of the suite.
 */
export const test = base.extend<{ refusedEverything: boolean }>({
  refusedEverything: [true, { option: true }],
  context: async ({ context, refusedEverything }, use) => {
    if (refusedEverything) await refuseEverything(context);
    await use(context);
  },
});

export { expect } from '@playwright/test';

/** For a context a test opens itself: the same returning visitor who refused everything. */
export function refuseEverything(context: BrowserContext) {
  return context.addInitScript(
    ([key, refused]) => {
      try {
        if (localStorage.getItem(key) === null) localStorage.setItem(key, refused);
      } catch {
        // A document without storage (about:blank, an opaque origin) has no banner either.
      }
    },
    [consentStorageKey, JSON.stringify(noConsent)] as const,
  );
}
