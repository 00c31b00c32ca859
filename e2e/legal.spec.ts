import type { Page } from '@playwright/test';
import { ownerDetailsIn, parseLegalText } from '../contracts/content/legal-text';
import { axeViolations } from './axe';
import { content, cookieSettingsButton } from './content';
import { siteOrigin } from './hosts';
import { expect, test } from './test';

/**
 * The legal pages (product decision D7): content/legal/*.md on every host, readable on a phone,
 * their sections, tables and owner's markers as the files give them.
 */

const mobile = { width: 375, height: 812 };
const labels = content.site.legal;

const documents = (['terms', 'privacy', 'cookies'] as const).map((name) => ({
  path: `/${name}`,
  heading: content[name].heading,
  sections: parseLegalText(content[name].body).sections.map(({ heading }) => heading),
  ownerDetails: ownerDetailsIn(content[name].body).length,
}));

/**
 * Every key the site's code keeps in the browser, and the cookies of the tags it loads: the
 * cookie notice must list each (a new one needs its row in content/legal/cookies.md).
 */
const storageKeys = [
  'consent',
  'ws_remaining',
  'ws_joined',
  'book_exit_intent_shown',
  'referral_code',
  'signed_up_email',
  '_ga',
  '_ga_<id>',
  '_fbp',
  'Video player cookies',
];

/** No part of the page is wider than the screen (nothing to scroll sideways). */
const scrollsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);

for (const document of documents) {
  test.describe(document.path, () => {
    test('shows its heading, date, contents and sections', async ({ page }) => {
      const response = await page.goto(document.path);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1, name: document.heading })).toBeVisible();
      await expect(
        page.getByText(new RegExp(`^${labels.lastUpdated} \\d{1,2} \\w+ \\d{4}$`)),
      ).toBeVisible();
      const contents = page.getByRole('navigation', { name: labels.contents });
      for (const name of document.sections) {
        await expect(page.getByRole('region', { name })).toBeVisible();
        const link = contents.getByRole('link', { name, exact: true });
        const target = await link.getAttribute('href');
        expect(target).toMatch(/^#/);
        await expect(page.locator(`${target}`)).toHaveAccessibleName(name);
      }
    });

    test('marks each detail the owner still has to fill in', async ({ page }) => {
      await page.goto(document.path);
      const markers = page.locator('mark').filter({ hasText: `[${labels.ownerDetail}: ` });
      await expect(markers).toHaveCount(document.ownerDetails);
      if (document.ownerDetails > 0) await expect(markers.first()).toBeVisible();
    });

    // Through the browser: only Chromium resolves the `*.localhost` names to loopback.
    test('answers on the other sites too', async ({ page }) => {
      for (const site of ['sellable-business', 'waitlist', 'book'] as const) {
        const response = await page.goto(`${siteOrigin[site]}${document.path}`);
        expect(response?.status(), site).toBe(200);
        await expect(page.getByRole('heading', { level: 1, name: document.heading })).toBeVisible();
      }
    });

    for (const viewport of [{ width: 1280, height: 900 }, mobile]) {
      test(`axe finds no violations at ${viewport.width} px, nothing scrolls sideways`, async ({
        page,
      }) => {
        await page.setViewportSize(viewport);
        await page.goto(document.path, { waitUntil: 'networkidle' });
        expect(await axeViolations(page)).toEqual([]);
        expect(await scrollsSideways(page)).toBe(false);
      });
    }
  });
}

test.describe('/privacy', () => {
  test('its table names each form in a row header; its links work as they say', async ({
    page,
  }) => {
    const { privacy } = content;
    await page.goto('/privacy');
    const table = page.getByRole('table', { name: privacy.table?.caption });
    for (const { name } of privacy.table?.rows ?? []) {
      await expect(table.getByRole('rowheader', { name, exact: true })).toBeVisible();
    }
    const email = page.getByRole('link', { name: content.site.legal.email }).first();
    await expect(email).toHaveAttribute('href', `mailto:${content.site.legal.email}`);
    // Another site's address opens in a new tab; the site's own pages do not.
    for (const link of await page.getByRole('main').locator('a[href^="http"]').all()) {
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
    await expect(page.getByRole('main').locator('a[href^="/"][target]')).toHaveCount(0);
  });
});

test.describe('counting visits (decision 013)', () => {
  test('the cookie notice’s links into the privacy notice land on a section', async ({ page }) => {
    await page.goto('/cookies');
    const links = page.getByRole('main').locator('a[href^="/privacy#"]');
    const targets = await links.evaluateAll((anchors) =>
      anchors.map((anchor) => anchor.getAttribute('href') ?? ''),
    );
    for (const target of targets) {
      await page.goto(target);
      await expect(page.locator(`section${new URL(target, page.url()).hash}`)).toBeVisible();
    }
  });

  test('visits, counted by the server, leave no cookie or storage behind', async ({
    page,
    context,
  }) => {
    const before = await page.goto('/');
    expect(before?.status()).toBe(200);
    await page.goto('/terms?utm_source=e2e');
    expect(await context.cookies()).toEqual([]);
    // Only the consent choice this suite starts with (playwright.config.ts).
    expect(await page.evaluate(() => Object.keys(localStorage))).toEqual(['consent']);
  });
});

test.describe('/cookies', () => {
  test('lists every cookie and storage key, readable as cards on a phone', async ({ page }) => {
    for (const viewport of [{ width: 1280, height: 900 }, mobile]) {
      await page.setViewportSize(viewport);
      await page.goto('/cookies');
      const table = page.getByRole('table', { name: content.cookies.table?.caption });
      await expect(table.getByRole('columnheader')).toHaveCount(
        content.cookies.table?.columns.length ?? 0,
      );
      for (const key of storageKeys) {
        await expect(table.getByRole('rowheader', { name: key, exact: true })).toBeVisible();
      }
    }
  });

  test('offers the button that opens the cookie settings, once the reader gets to it', async ({
    page,
  }) => {
    test.skip(!cookieSettingsButton, 'content/legal/cookies.md places no cookie settings button');
    await page.goto('/cookies');
    // A returning visitor's page loads its code when a part it drives nears the screen
    // (src/pages/start-page.ts): the button shows as the reader comes to it.
    await page.keyboard.press('End');
    const button = page.getByRole('main').getByRole('button', { name: cookieSettingsButton });
    await expect(button).toBeVisible();
    await expect(button).toHaveAttribute('data-consent-open');
  });
});
