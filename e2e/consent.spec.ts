import type { Page } from '@playwright/test';
import { allPageIds, canonicalUrl, ownerRoutes } from '../contracts/routes';
import { axeViolations } from './axe';
import { content, cookieSettingsButton } from './content';
import { siteOrigin } from './hosts';
import { analyticsCalls, answerTags, pixelCalls, tagScripts } from './sample-tags';
import { answerPlayers, sampleVideos } from './sample-videos';
import { expect, test } from './test';

const { consent } = content.site;
const categoryLabel = (id: string) =>
  consent.categories.find((category) => category.id === id)?.label;
const categoryLabels = consent.categories.map(({ label }) => label);

/**
 * The consent banner (D20) as a first-time visitor meets it: accept and reject equally
 * prominent, per-category settings, remembered, changeable from the footer and the cookie
 * notice, and every island that waits for consent reacts without a reload.
 */
test.use({ refusedEverything: false });

function banner(page: Page) {
  return page.getByRole('region', { name: consent.heading });
}

async function choice(page: Page) {
  return page.evaluate(() => JSON.parse(localStorage.getItem('consent') ?? 'null'));
}

test('a first visit shows the banner; accept and reject are equally prominent', async ({
  page,
}) => {
  await page.goto('/');
  await expect(banner(page)).toBeVisible();
  const accept = await banner(page).getByRole('button', { name: consent.acceptAll }).boundingBox();
  const reject = await banner(page).getByRole('button', { name: consent.rejectAll }).boundingBox();
  expect(accept?.width).toBe(reject?.width);
  expect(accept?.height).toBe(reject?.height);
  const [acceptStyle, rejectStyle] = await Promise.all(
    [consent.acceptAll, consent.rejectAll].map((name) =>
      banner(page)
        .getByRole('button', { name })
        .evaluate((button) => {
          const style = getComputedStyle(button);
          return [style.backgroundColor, style.color, style.fontSize, style.fontWeight];
        }),
    ),
  );
  expect(acceptStyle).toEqual(rejectStyle);
  // Keyboard users meet it first, right after the skip link.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: content.site.skipLink })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(banner(page).locator(':focus')).toHaveCount(1);
  expect(await axeViolations(page)).toEqual([]);
});

test('reject all: remembered, nothing third-party loads, the banner stays away', async ({
  page,
}) => {
  const foreign: string[] = [];
  page.on('request', (request) => {
    if (!request.url().startsWith(siteOrigin.main)) foreign.push(request.url());
  });
  await page.goto('/', { waitUntil: 'networkidle' });
  await banner(page).getByRole('button', { name: consent.rejectAll }).click();
  await expect(banner(page)).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: consent.saved })).toHaveText(
    consent.saved,
  );
  expect(await choice(page)).toEqual({ analytics: false, advertising: false, media: false });
  await page.reload({ waitUntil: 'networkidle' });
  await expect(banner(page)).toBeHidden();
  expect(foreign).toEqual([]);
  expect(await pixelCalls(page)).toEqual([]);
  expect(await analyticsCalls(page)).toEqual([]);
});

test('settings: only the categories switched on load, and the choice is remembered', async ({
  page,
}) => {
  const requested = await answerTags(page);
  await page.goto('/');
  await banner(page).getByRole('button', { name: consent.settings }).click();
  await expect(banner(page).getByRole('button', { name: consent.settings })).toHaveAttribute(
    'aria-expanded',
    'true',
  );
  await expect(
    banner(page).getByRole('checkbox', { name: categoryLabel('analytics') }),
  ).toBeFocused();
  expect(await axeViolations(page)).toEqual([]);
  await page.keyboard.press('Space');
  await banner(page).getByRole('button', { name: consent.save }).click();
  await expect(banner(page)).toBeHidden();
  expect(await choice(page)).toEqual({ analytics: true, advertising: false, media: false });
  await expect.poll(() => requested).toEqual([`${tagScripts.analytics}?id=G-E2ETEST1`]);
});

test('the footer reopens the choice; withdrawing stops the tags and removes their cookies', async ({
  page,
}) => {
  await answerTags(page);
  await page.goto('/');
  await banner(page).getByRole('button', { name: consent.acceptAll }).click();
  // What the real tags would have left behind.
  await page.context().addCookies([
    { name: '_ga', value: 'GA1.1.123.456', url: siteOrigin.main },
    { name: '_fbp', value: 'fb.1.123.456', url: siteOrigin.main },
  ]);
  const reopen = page.getByRole('contentinfo').getByRole('button', { name: consent.reopen });
  await reopen.click();
  await expect(banner(page)).toBeVisible();
  for (const name of categoryLabels) {
    await expect(banner(page).getByRole('checkbox', { name })).toBeChecked();
  }
  // Escape leaves the choice as it was and gives focus back.
  await page.keyboard.press('Escape');
  await expect(banner(page)).toBeHidden();
  await expect(reopen).toBeFocused();

  await reopen.click();
  for (const name of categoryLabels) {
    await banner(page).getByRole('checkbox', { name }).uncheck();
  }
  await banner(page).getByRole('button', { name: consent.save }).click();
  await expect(reopen).toBeFocused();
  expect(await choice(page)).toEqual({ analytics: false, advertising: false, media: false });
  expect(await page.evaluate(() => document.cookie)).toBe('');
  expect((await analyticsCalls(page)).at(-1)).toEqual([
    'consent',
    'update',
    { analytics_storage: 'denied' },
  ]);
  expect((await pixelCalls(page)).at(-1)).toEqual(['consent', 'revoke']);
});

test('the cookie notice has the same way back to the choice', async ({ page }) => {
  test.skip(!cookieSettingsButton, 'content/legal/cookies.md places no cookie settings button');
  await page.goto('/cookies');
  await banner(page).getByRole('button', { name: consent.rejectAll }).click();
  await page.getByRole('main').getByRole('button', { name: cookieSettingsButton }).click();
  await expect(banner(page)).toBeVisible();
  await expect(
    banner(page).getByRole('checkbox', { name: categoryLabel('analytics') }),
  ).toBeFocused();
});

test('a video box asks for consent to videos, and plays once given, without a reload', async ({
  page,
}) => {
  const requested = await answerPlayers(page);
  await page.goto('/');
  await banner(page).getByRole('button', { name: consent.rejectAll }).click();
  const speaking = page.locator('#speaking');
  const ask = speaking.getByRole('button', { name: consent.videoAsk });
  await ask.click();
  const videos = banner(page).getByRole('checkbox', { name: categoryLabel('media') });
  await expect(videos).toBeFocused();
  await videos.check();
  await banner(page).getByRole('button', { name: consent.save }).click();
  // The same button now plays, and keeps the focus.
  const play = speaking.getByRole('button', { name: content.home.speaking.video.play });
  await expect(play).toBeFocused();
  await play.click();
  await expect(speaking.locator('iframe')).toHaveAttribute(
    'src',
    new RegExp(`^${sampleVideos.SPEAKING_VIDEO_URL}`),
  );
  // The hero's showreel, also waiting for that consent, started by itself.
  await expect(page.locator(`iframe[title="${content.home.hero.video.title}"]`)).toBeVisible();
  await expect.poll(() => requested.length).toBeGreaterThan(0);
});

test('without JavaScript there is no banner, and no dead settings button', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`${siteOrigin.main}/cookies`);
  await expect(banner(page)).toBeHidden();
  for (const name of [consent.reopen, cookieSettingsButton ?? consent.reopen]) {
    await expect(page.getByRole('button', { name, exact: true })).toHaveCount(0);
  }
  await context.close();
});

for (const width of [375, 1440]) {
  test(`at ${width} px the banner leaves every page's headline in view`, async ({ page }) => {
    await page.setViewportSize({ width, height: width < 800 ? 812 : 900 });
    const owner = ownerRoutes(content);
    for (const id of allPageIds(owner)) {
      await page.goto(canonicalUrl(id, siteOrigin, owner) ?? '/no-such-page');
      await expect(banner(page)).toBeVisible();
      const headline = await page.getByRole('heading', { level: 1 }).boundingBox();
      const box = await banner(page).boundingBox();
      if (!headline || !box) throw new Error(`${id}: no headline or banner`);
      const overlaps =
        headline.y < box.y + box.height &&
        box.y < headline.y + headline.height &&
        headline.x < box.x + box.width &&
        box.x < headline.x + headline.width;
      expect(overlaps, `${id}: the banner covers the headline`).toBe(false);
    }
  });
}
