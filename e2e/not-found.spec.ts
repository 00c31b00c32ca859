import { axeViolations } from './axe';
import { content } from './content';
import { siteOrigin } from './hosts';
import { expect, test } from './test';

/**
 * The 404 page (product brief §2.9, product decision D6): a real 404 status, the words of
 * content/not-found.yaml, the path in the console.
 */

const missing = '/no-such-page';
const { notFound } = content;

test('answers 404 with the page, noindex, and logs the attempted path', async ({ page }) => {
  const logged: string[] = [];
  page.on('console', (message) => logged.push(message.text()));
  const response = await page.goto(missing);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: notFound.heading })).toBeVisible();
  await expect(page.getByText(notFound.text)).toBeVisible();
  await expect(page.getByRole('link', { name: notFound.homeLink.label })).toHaveAttribute(
    'href',
    notFound.homeLink.href,
  );
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  await expect
    .poll(() =>
      logged.some((text) => text.includes('non-existent route') && text.includes(missing)),
    )
    .toBe(true);
});

test('the way home goes to the home page', async ({ page }) => {
  await page.goto(missing);
  await page.getByRole('link', { name: notFound.homeLink.label }).click();
  await expect(page).toHaveURL(/\/$/);
  expect(new URL(page.url()).pathname).toBe('/');
});

test('the sellable-business site answers unknown paths with the same 404', async ({ page }) => {
  const response = await page.goto(`${siteOrigin['sellable-business']}${missing}`);
  expect(response?.status()).toBe(404);
  await expect(page.getByText(notFound.text)).toBeVisible();
});

for (const viewport of [
  { width: 1280, height: 900 },
  { width: 375, height: 812 },
]) {
  test(`axe finds no violations at ${viewport.width} px`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await page.goto(missing, { waitUntil: 'networkidle' });
    expect(await axeViolations(page)).toEqual([]);
  });
}
