import type { Page } from '@playwright/test';
import { axeViolations } from './axe';
import { settleIslands } from './clock';
import { content, escapeRegExp } from './content';
import { expect, test } from './test';

/**
 * The handbook page (product brief §2.6, §4, §9; D3, D9, D11) in its default "simulated" window,
 * with time driven by Playwright's clock: the bar counts down from 35–55 s, pulses at zero, the
 * button relabels, and a sign-up ends at the handbook PDF, with or without JavaScript. The words
 * are content/handbook.yaml's.
 */

const { handbook, site } = content;
const { submit } = handbook.form.copy;
/** Any of the form's two labels: before and after the window runs out. */
const anySubmit = new RegExp(
  `^(${escapeRegExp(submit)}|${escapeRegExp(handbook.form.closedSubmit)})$`,
);

const start = new Date('2025-09-01T09:00:00Z');

async function openPaused(page: Page) {
  await page.clock.install({ time: start });
  await page.clock.pauseAt(new Date(start.getTime() + 1000));
  await page.goto('/11cheatcodes');
  await settleIslands(page);
}

function bar(page: Page) {
  return page.getByRole('complementary', { name: handbook.bar.label });
}

async function secondsLeft(page: Page): Promise<number> {
  const text = (await bar(page).textContent()) ?? '';
  const { prefix, units } = handbook.bar;
  return Number(
    new RegExp(`${escapeRegExp(prefix)} (\\d+) ${escapeRegExp(units.s)}`).exec(text)?.[1],
  );
}

test('the headline, the trust line and the form, as the content words them', async ({ page }) => {
  await page.goto('/11cheatcodes');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(handbook.hero.heading);
  await expect(page.getByText(handbook.hero.trustLine)).toBeVisible();
  await expect(page.getByLabel(site.forms.emailLabel)).toBeVisible();
  await expect(page.getByRole('button', { name: submit, exact: true })).toBeVisible();
  const box = await bar(page).boundingBox();
  expect(box?.height).toBe(56);
});

test('the window starts between 35 and 55 s, falls by one each second and pulses at zero', async ({
  page,
}) => {
  await openPaused(page);
  const first = await secondsLeft(page);
  expect(first).toBeGreaterThanOrEqual(33); // 35–55, less the moments the islands took to load.
  expect(first).toBeLessThanOrEqual(55);
  await page.clock.runFor(1000);
  expect(await secondsLeft(page)).toBe(first - 1);
  await expect(bar(page)).not.toHaveClass(/animate-pulse/);
  await expect(page.getByRole('button', { name: submit, exact: true })).toBeVisible();

  await page.clock.runFor(60_000);
  expect(await secondsLeft(page)).toBe(0);
  await expect(bar(page)).toHaveClass(/animate-pulse/);
  await expect(
    page.getByRole('button', { name: handbook.form.closedSubmit, exact: true }),
  ).toBeVisible();
});

/**
 * Stands in for the PDF at the end of the visit: Chromium's PDF viewer does not close cleanly in
 * a headless test. The real file is checked on its own below.
 */
async function catchHandbook(page: Page) {
  await page.route('**/downloads/11-cheatcodes.pdf', (route) =>
    route.fulfill({ status: 200, contentType: 'text/plain', body: 'the handbook' }),
  );
}

test('the handbook is a PDF the server serves', async ({ request }) => {
  const response = await request.get('/downloads/11-cheatcodes.pdf');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe('application/pdf');
  expect((await response.body()).subarray(0, 5).toString()).toBe('%PDF-');
});

test('signing up opens the handbook', async ({ page }) => {
  await catchHandbook(page);
  await page.goto('/11cheatcodes');
  await page.getByLabel(site.forms.emailLabel).fill(`reader+${Date.now()}@example.com`);
  await page.getByRole('button', { name: anySubmit }).click();
  await expect(page).toHaveURL(/\/downloads\/11-cheatcodes\.pdf$/);
});

test('without JavaScript the form still ends at the handbook', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
  const page = await context.newPage();
  await catchHandbook(page);
  await page.goto('/11cheatcodes');
  await page.getByLabel(site.forms.emailLabel).fill(`nojs+${Date.now()}@example.com`);
  await page.getByRole('button', { name: submit, exact: true }).click();
  await expect(page).toHaveURL(/\/downloads\/11-cheatcodes\.pdf$/);
  await context.close();
});

test('a bad email is explained, and axe finds nothing', async ({ page }) => {
  await page.goto('/11cheatcodes', { waitUntil: 'networkidle' });
  expect(await axeViolations(page)).toEqual([]);
  await page.getByLabel(site.forms.emailLabel).fill('nope');
  await page.getByRole('button', { name: anySubmit }).click();
  await expect(page.getByLabel(site.forms.emailLabel)).toHaveAttribute('aria-invalid', 'true');
  expect(await axeViolations(page)).toEqual([]);
});
