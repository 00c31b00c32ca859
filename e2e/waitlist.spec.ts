import type { Page } from '@playwright/test';
import { dayAfter, dayHasCome } from '../src/lib/facts';
import { axeViolations } from './axe';
import { settleIslands } from './clock';
import { content, headingsOf } from './content';
import { siteOrigin } from './hosts';
import { expect, test } from './test';

/**
 * The waitlist page (product brief §2.3, §4, D1, D4, D11) in its default "simulated" counter mode, with
 * time driven by Playwright's clock: the banner's count, the sign-up with the optional first
 * name, the source from the path or utm_source, and the one drop for the visitor's sign-up.
 */

const waitlistUrl = `${siteOrigin.waitlist}/`;
const { site, waitlist } = content;
const { banner, hero } = waitlist;
/** The banner names the offer's end until its last day is over (the page is rendered for now). */
const endsLabel = dayHasCome(dayAfter(banner.offerEnds), Date.now())
  ? banner.afterOffer
  : banner.endsLabel;

const start = new Date('2025-09-01T09:00:00Z');

/** Opens the page with time stopped: it moves only when the test says (clock.runFor). */
async function openPaused(page: Page, url: string) {
  await page.clock.install({ time: start });
  await page.clock.pauseAt(new Date(start.getTime() + 1000));
  await page.goto(url);
}

function spaces(page: Page) {
  return page
    .locator('strong')
    .filter({ hasText: /^\d[\d,]*$/ })
    .first();
}

async function count(page: Page): Promise<number> {
  return Number((await spaces(page).textContent())?.replace(/,/g, ''));
}

/** Records the JSON bodies the page posts to our API. */
function signUps(page: Page) {
  const bodies: Array<Record<string, unknown>> = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/api/subscriptions')) {
      bodies.push(request.postDataJSON() as Record<string, unknown>);
    }
  });
  return bodies;
}

test('the banner, the promise and the form, as the product brief words them', async ({ page }) => {
  await page.goto(waitlistUrl);
  await expect(page.getByText(banner.lead)).toBeVisible();
  await expect(page.getByText('983', { exact: true })).toBeVisible(); // In the prerendered HTML.
  await expect(page.getByText(banner.remainingLabel, { exact: false }).first()).toBeVisible();
  await expect(page.getByText(endsLabel)).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    headingsOf('waitlist', 'hero.heading', hero.heading),
  );
  await expect(page.getByLabel(hero.firstNameLabel)).not.toHaveAttribute('required');
  await expect(page.getByLabel(site.forms.emailLabel)).toHaveAttribute('required');
  await expect(page.getByRole('button', { name: hero.copy.submit })).toBeVisible();
});

test('the count drops by 1 to 3 every 5 to 10 seconds, and is remembered', async ({ page }) => {
  await openPaused(page, waitlistUrl);
  await settleIslands(page);
  expect(await count(page)).toBe(983);
  await page.clock.runFor(4000);
  expect(await count(page)).toBe(983); // No tick before 5 s.
  await page.clock.runFor(6000);
  const after = await count(page);
  expect(after).toBeLessThan(983);
  expect(after).toBeGreaterThanOrEqual(983 - 6); // One or two ticks of 1–3.
  expect(await page.evaluate(() => localStorage.getItem('ws_remaining'))).toBe(String(after));

  await page.reload();
  await settleIslands(page);
  expect(await count(page)).toBe(after); // ws_remaining is reused (product brief §4).
});

test('never below 250', async ({ page }) => {
  await page.goto(waitlistUrl);
  await page.evaluate(() => localStorage.setItem('ws_remaining', '252'));
  await openPaused(page, waitlistUrl);
  await settleIslands(page);
  await page.clock.runFor(120_000);
  expect(await count(page)).toBe(250);
});

test('no ticks while the tab is hidden', async ({ page }) => {
  await openPaused(page, waitlistUrl);
  await settleIslands(page);
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
  });
  await page.clock.runFor(60_000);
  expect(await count(page)).toBe(983);
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
  });
  await page.clock.runFor(10_000);
  expect(await count(page)).toBeLessThan(983);
});

test('signing up: the first name and the Instagram source travel with it, the count drops by one, once', async ({
  page,
}) => {
  const bodies = signUps(page);
  await openPaused(page, `${siteOrigin.waitlist}/ig`);
  await settleIslands(page);
  const before = await count(page);
  await page.getByLabel(hero.firstNameLabel).fill('Ada');
  await page.getByLabel(site.forms.emailLabel).fill(`ada+${Date.now()}@example.com`);
  await page.getByRole('button', { name: hero.copy.submit }).click();
  await expect(page.getByRole('status').filter({ hasText: hero.copy.success })).toHaveText(
    hero.copy.success,
  );
  expect(await count(page)).toBe(before - 1);
  await expect(
    page
      .locator('[aria-live="polite"]')
      .filter({ hasText: banner.announcement.split('{count}')[0] }),
  ).toHaveText(banner.announcement.replace('{count}', String(before - 1)));
  expect(bodies[0]).toMatchObject({
    list: 'waitlist',
    firstName: 'Ada',
    source: 'Instagram',
    page: '/ig',
  });
});

test('the source: LinkedIn from the main host path, and utm_source wins (D4)', async ({ page }) => {
  const bodies = signUps(page);
  await page.goto(`${siteOrigin.main}/bookwaitlistli`);
  await page.getByLabel(site.forms.emailLabel).fill(`li+${Date.now()}@example.com`);
  await page.getByRole('button', { name: hero.copy.submit }).click();
  await expect(page.getByRole('status').filter({ hasText: hero.copy.success })).toBeVisible();
  expect(bodies[0]).toMatchObject({ source: 'LinkedIn' });

  await page.goto(`${siteOrigin.main}/bookwaitlistli?utm_source=newsletter&utm_campaign=launch`);
  await page.getByLabel(site.forms.emailLabel).fill(`utm+${Date.now()}@example.com`);
  await page.getByRole('button', { name: hero.copy.submit }).click();
  await expect(page.getByRole('status').filter({ hasText: hero.copy.success })).toBeVisible();
  // The source by its one name; the UTM parameters as they were sent.
  expect(bodies[1]).toMatchObject({
    source: 'Newsletter',
    utm: { utm_source: 'newsletter', utm_campaign: 'launch' },
  });
});

test('a bad email is explained and nothing is lost', async ({ page }) => {
  await page.goto(waitlistUrl);
  await page.getByLabel(hero.firstNameLabel).fill('Ada');
  await page.getByLabel(site.forms.emailLabel).fill('ada@');
  await page.getByRole('button', { name: hero.copy.submit }).click();
  await expect(page.getByLabel(site.forms.emailLabel)).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel(hero.firstNameLabel)).toHaveValue('Ada');
  expect(await axeViolations(page)).toEqual([]);
});

test('works without JavaScript: the native post lands on the success message', async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(waitlistUrl);
  await page.getByLabel(site.forms.emailLabel).fill(`nojs+${Date.now()}@example.com`);
  await page.getByRole('button', { name: hero.copy.submit }).click();
  await expect(page).toHaveURL(/#waitlist-page-form-success$/);
  await expect(page.getByText(hero.copy.success)).toBeVisible();
  await context.close();
});

test('axe finds nothing on the page', async ({ page }) => {
  await page.goto(waitlistUrl, { waitUntil: 'networkidle' });
  expect(await axeViolations(page)).toEqual([]);
});
