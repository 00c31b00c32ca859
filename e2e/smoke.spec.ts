import { expect, type Page, test } from '@playwright/test';
import { listedRoutes, type PageId } from '../contracts/routes';
import type { SiteId } from '../contracts/sites';
import { siteOrigin } from './hosts';

/** The headline a visitor sees first on each page (the content's words). */
const headline: Record<PageId, string | RegExp> = {
  home: /Jamie Castell/i,
  waitlist: /you're almost in/i,
  book: /What's Stopping You\?/i,
  'thank-you': /You're in\. Here's your bonus/i,
  handbook: /11 CheatCodes/i,
  workshop: /make your business an asset/i,
  cohort: /Escape the 7-Figure Prison/i,
  terms: /Terms of use/i,
  privacy: /Privacy notice/i,
  cookies: /Cookie notice/i,
  'not-found': '404',
};

const rows: Array<{ site: SiteId; path: string; page: PageId }> = [
  ...listedRoutes(),
  // Fallbacks of each site, and www. forms.
  { site: 'main', path: '/no-such-page', page: 'not-found' },
  { site: 'sellable-business', path: '/no-such-page', page: 'not-found' },
  { site: 'waitlist', path: '/ig', page: 'waitlist' },
  { site: 'waitlist', path: '/li', page: 'waitlist' },
  { site: 'waitlist', path: '/anything/at/all', page: 'waitlist' },
  { site: 'book', path: '/ig', page: 'book' },
  { site: 'book', path: '/anything', page: 'book' },
];

/** Records what a visitor would never want to see: console errors, failed or 4xx/5xx requests. */
function watch(page: Page) {
  const consoleErrors: string[] = [];
  const failedRequests: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => consoleErrors.push(error.message));
  page.on('requestfailed', (request) =>
    failedRequests.push(`${request.url()} ${request.failure()?.errorText}`),
  );
  page.on('response', (response) => {
    if (response.status() >= 400) failedRequests.push(`${response.url()} ${response.status()}`);
  });
  return { consoleErrors, failedRequests };
}

for (const { site, path, page: pageId } of rows) {
  test(`${site} ${path} shows the ${pageId} page`, async ({ page }) => {
    const seen = watch(page);
    const url = new URL(path, siteOrigin[site]).href;
    const response = await page.goto(url, { waitUntil: 'networkidle' });
    expect(response?.status()).toBe(pageId === 'not-found' ? 404 : 200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(headline[pageId]);

    if (pageId === 'not-found') {
      // Spec §2.9: the attempted path is logged once hydrated; the document's own 404 is expected.
      await expect.poll(() => seen.consoleErrors.some((text) => text.includes(path))).toBe(true);
      expect(seen.failedRequests).toEqual([`${url} 404`]);
      expect(
        seen.consoleErrors.filter((text) => !text.includes(path) && !/404/.test(text)),
      ).toEqual([]);
    } else {
      expect(seen.failedRequests).toEqual([]);
      expect(seen.consoleErrors).toEqual([]);
    }
  });
}

test('the 404 page leads back home', async ({ page }) => {
  await page.goto('/definitely-missing');
  await page.getByRole('link', { name: 'Return to Home' }).click();
  await expect(page).toHaveURL(`${siteOrigin.main}/`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(headline.home);
});
