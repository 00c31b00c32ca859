import type { Page } from '@playwright/test';
import { listedRoutes, ownerRoutes, type PageId, type SystemPageId } from '../contracts/routes';
import type { SiteId } from '../contracts/sites';
import { postSlugOfPage, tagsOf } from '../contracts/writing';
import { nextSession } from '../src/lib/facts';
import { content, headingsOf } from './content';
import { siteOrigin } from './hosts';
import { expect, test } from './test';

/** The headline a visitor sees first on each page, from the content it was built from. */
const systemHeadline: Record<SystemPageId, string | RegExp> = {
  home: content.site.founder.name,
  // Under the sample experiment, the visitor's variant's (decision 027).
  waitlist: headingsOf('waitlist', 'hero.heading', content.waitlist.hero.heading),
  book: content.book.hero.heading,
  'thank-you': content.thankYou.hero.heading,
  handbook: content.handbook.hero.heading,
  // With no session to come the page's headline says the next date is being set.
  workshop: nextSession(content.workshop.sessions, Date.now())
    ? content.workshop.hero.heading
    : content.workshop.nextDate.heading,
  // Its words for anyone: "You're in" only where the server proved the payment.
  'workshop-booked': content.workshop.delivery.booked.heading,
  'workshop-sold-out': content.workshop.delivery.soldOutPage.heading,
  'workshop-retry': content.workshop.delivery.retry.heading,
  cohort: content.cohort.hero.heading,
  // Built while the cohort takes applications (docs/decisions/033-cohort-applications.md).
  'cohort-apply': content.cohort.application?.heading ?? '',
  // Its words for anyone: the outcomes show only when the address targets them, a payment only
  // where the server proved it (docs/decisions/034-selling-that-cannot-be-gamed.md).
  'cohort-offer': content.cohort.offer?.page.unknown?.heading ?? '',
  terms: content.terms.heading,
  privacy: content.privacy.heading,
  cookies: content.cookies.heading,
  'not-found': content.notFound.heading,
};

/**
 * The owner's pages (content/pages/) open with their hero's heading; the writing's with the
 * section's name, a tag's heading or the post's title.
 */
const headline = (page: PageId): string | RegExp => {
  if (page in systemHeadline) return systemHeadline[page as SystemPageId];
  const { writing, posts } = content;
  const post = postSlugOfPage(page);
  if (post !== null) return posts[post]?.title ?? '';
  const tag = /^writing\/tags\/(.+)$/.exec(page)?.[1];
  if (tag) return writing.words.tagHeading.replace('{tag}', tagsOf(posts).get(tag) ?? '');
  if (page === 'writing' || page.startsWith('writing/')) return writing.name;
  const [hero] = content.pages[page.slice('pages/'.length)]?.blocks ?? [];
  return hero?.discriminant === 'hero' ? hero.value.heading : '';
};

const rows: Array<{ site: SiteId; path: string; page: PageId }> = [
  ...listedRoutes(),
  ...ownerRoutes(content),
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
    await expect(page.getByRole('heading', { level: 1 })).toContainText(headline(pageId));

    if (pageId === 'not-found') {
      // Product brief §2.9: the attempted path is logged once hydrated; the document's own 404 is expected.
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
  await page.getByRole('link', { name: content.notFound.homeLink.label }).click();
  await expect(page).toHaveURL(`${siteOrigin.main}/`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(headline('home'));
});
