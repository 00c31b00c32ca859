import type { Page } from '@playwright/test';
import { canonicalUrl, ownerRoutes } from '../contracts/routes';
import { publishedPosts } from '../contracts/writing';
import { axeViolations } from './axe';
import { content } from './content';
import { siteOrigin } from './hosts';
import { expect, refuseEverything, test } from './test';

/**
 * The main site as one site (docs/decisions/026-owner-pages.md, "Headers"): a reader who lands
 * on a post reaches home, the writing and the press page through the owner's menu, with
 * JavaScript on and off, on a phone (the menu behind its disclosure) and at a desk.
 */
const { navigation, founder } = content.site;
const owner = ownerRoutes(content);
const [newest] = publishedPosts(content.posts ?? {}, Date.now());
if (!newest || !content.writing) throw new Error('the sample content has no post out');
const postUrl = `${siteOrigin.main}${content.writing.path}/${newest.slug}`;
const menuItem = (label: string) => {
  const item = navigation.primary.find((entry) => entry.label === label);
  if (!item) throw new Error(`the menu has no item "${label}"`);
  return item;
};
const writingItem = menuItem('Writing');
const pressItem = menuItem('Press');

/** A menu item as the page marks it, whichever layout shows it. */
const item = (page: Page, label: string) =>
  page
    .getByRole('navigation', { name: navigation.label, exact: true })
    .getByRole('link', { name: label, exact: true, includeHidden: true })
    .first();

/** Follows a menu item: on a phone, the disclosure first (a `details`, no script needed). */
async function follow(page: Page, label: string, phone: boolean) {
  const menu = page.getByRole('navigation', { name: navigation.label, exact: true });
  if (phone) await menu.getByText(navigation.menu, { exact: true }).click();
  await menu.getByRole('link', { name: label, exact: true }).click();
}

for (const javaScriptEnabled of [true, false]) {
  for (const viewport of [
    { width: 375, height: 812 },
    { width: 1440, height: 900 },
  ]) {
    const phone = viewport.width < 768;
    test(`from a post, the menu reaches the press page, the writing and home (JavaScript ${javaScriptEnabled ? 'on' : 'off'}, ${viewport.width} px)`, async ({
      browser,
    }) => {
      const context = await browser.newContext({ javaScriptEnabled, viewport });
      await refuseEverything(context);
      const page = await context.newPage();
      try {
        await page.goto(postUrl);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(newest.post.title);
        // The post belongs to the writing: its item says so (in both layouts, one shown).
        await expect(item(page, writingItem.label)).toHaveAttribute('aria-current', 'true');

        await follow(page, pressItem.label, phone);
        await expect(page).toHaveURL(`${siteOrigin.main}${pressItem.href}`);
        await expect(item(page, pressItem.label)).toHaveAttribute('aria-current', 'page');
        await expect(item(page, writingItem.label)).not.toHaveAttribute('aria-current');

        await follow(page, writingItem.label, phone);
        await expect(page).toHaveURL(`${siteOrigin.main}${writingItem.href}`);
        await expect(page.getByRole('link', { name: newest.post.title })).toBeVisible();

        await page.getByRole('link', { name: founder.name, exact: true }).first().click();
        await expect(page).toHaveURL(`${siteOrigin.main}/`);
        // Home keeps its own section menu, with the owner's items after its sections.
        await expect(page.getByRole('link', { name: newest.post.title })).toBeVisible();
      } finally {
        await context.close();
      }
    });
  }
}

test('a legal page on the waitlist site leads home to the main site, by the header and the footer', async ({
  page,
}) => {
  await page.goto(`${siteOrigin.waitlist}/terms`);
  await page.getByRole('banner').getByRole('link', { name: founder.name, exact: true }).click();
  await expect(page).toHaveURL(`${siteOrigin.main}/`);
  await page.goto(`${siteOrigin.waitlist}/terms`);
  await page
    .getByRole('contentinfo')
    .getByRole('link', { name: founder.name, exact: true })
    .click();
  await expect(page).toHaveURL(`${siteOrigin.main}/`);
});

test('the seed landing pages keep no menu, but their footer name still leads home', async ({
  page,
}) => {
  await page.goto(siteOrigin.waitlist);
  await expect(page.getByRole('navigation', { name: navigation.label })).toHaveCount(0);
  await expect(
    page.getByRole('contentinfo').getByRole('link', { name: founder.name, exact: true }),
  ).toHaveAttribute('href', /\/$/);
});

// Every kind of page that gained a header, at both widths, the phone's menu open.
const withHeader = [
  postUrl,
  `${siteOrigin.main}${content.writing.path}`,
  `${siteOrigin.main}/terms`,
  canonicalUrl('pages/press', siteOrigin, owner) ?? '',
];
for (const url of withHeader) {
  for (const viewport of [
    { width: 375, height: 812 },
    { width: 1440, height: 900 },
  ]) {
    test(`${new URL(url).pathname}: axe finds no violations at ${viewport.width} px, the menu open on a phone`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      await page.goto(url, { waitUntil: 'networkidle' });
      if (viewport.width < 768) {
        await page
          .getByRole('navigation', { name: navigation.label, exact: true })
          .getByText(navigation.menu, { exact: true })
          .click();
      }
      expect(await axeViolations(page)).toEqual([]);
    });
  }
}
