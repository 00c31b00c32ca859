import { expect, test } from '@playwright/test';
import { axeViolations } from './axe';
import { siteOrigin } from './hosts';

/** "Escape the 7-Figure Prison" on the sellable-business site (spec §2.8, D18). */

const cohortUrl = `${siteOrigin['sellable-business']}/`;

test('the fifteen sections in the spec’s order', async ({ page }) => {
  await page.goto(cohortUrl);
  await expect(page.getByText('$100,000,000 IN SALES ACHIEVED')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Escape the 7-Figure Prison');
  await expect(page.getByText('Only 20 slots left')).toBeVisible();
  expect(await page.getByRole('heading', { level: 2 }).allTextContents()).toEqual([
    'I KNOW YOUR PAIN (TRUST ME)',
    'SOUND FAMILIAR?',
    'THE SHIFT THAT CHANGES EVERYTHING',
    'PITCH TO 8-FIGURE EXPERTS LIVE',
    'HOW THE 5-WEEK TRANSFORMATION WORKS',
    'WHAT YOU LEAVE WITH',
    'WHO THIS IS FOR (AND WHO IT’S NOT)',
    'COHORT DETAILS',
    'WHAT OTHER FOUNDERS SAY!',
    'READY TO TRANSFORM YOUR BUSINESS?',
    'COMMON QUESTIONS',
  ]);
  await expect(page.locator('#how ol li')).toHaveCount(5);
  await expect(page.locator('#how')).toContainText('Week 5From Assumption to Market-Validated');
  await expect(page.locator('#deliverables li')).toHaveCount(6);
  await expect(page.locator('#testimonials figure')).toHaveCount(5);
  await expect(page.locator('#fit')).toContainText('Why the 7-figure requirement matters');
  await expect(page.locator('#fit')).toContainText('Why we’re selective');
});

test('ratings read as "5 out of 5", not five glyphs', async ({ page }) => {
  await page.goto(cohortUrl);
  await expect(page.getByRole('img', { name: '5 out of 5' }).first()).toBeVisible();
});

test('the shift is a real table of seven rows, readable at 375 px without sideways scrolling', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto(cohortUrl);
  const table = page.getByRole('table', { name: /operator to asset owner/i });
  await expect(table.getByRole('columnheader')).toHaveText(['Operator', 'Asset owner']);
  await expect(table.locator('tbody tr')).toHaveCount(7);
  await expect(
    table.getByRole('row', { name: /Thinks in revenue Thinks in exit value/ }),
  ).toBeVisible();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - window.innerWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
});

test('every call-booking link opens the booking page in a new tab, tracked with its place', async ({
  page,
}) => {
  await page.goto(cohortUrl);
  const expected = [
    ['BOOK YOUR APPLICATION CALL', 'cohort-hero'],
    ['BOOK YOUR FIT CALL', 'cohort-story'],
    ['BOOK YOUR FREE CALL', 'cohort-pain'],
    ['BOOK YOUR APPLICATION CALL', 'cohort-details'],
    ['BOOK A CALL', 'cohort-ready'],
  ] as const;
  const links = page.locator('a[data-cta^="cohort-"]');
  await expect(links).toHaveCount(expected.length);
  for (const [index, [label, location]] of expected.entries()) {
    const link = links.nth(index);
    await expect(link).toHaveText(label);
    await expect(link).toHaveAttribute('data-cta', location);
    await expect(link).toHaveAttribute('href', 'https://stripe.com/');
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  }
});

test('common questions: one open at a time, the open one collapses, keyboard too; axe clean', async ({
  page,
}) => {
  await page.goto(cohortUrl);
  const faq = page.locator('#faq');
  const busy = faq.getByRole('button', { name: /too busy/ });
  const hire = faq.getByRole('button', { name: /hire more people/ });
  await busy.click();
  await expect(busy).toHaveAttribute('aria-expanded', 'true');
  await hire.focus();
  await page.keyboard.press('Enter');
  await expect(hire).toHaveAttribute('aria-expanded', 'true');
  await expect(busy).toHaveAttribute('aria-expanded', 'false');
  expect(await axeViolations(page)).toEqual([]);
  await hire.click();
  await expect(faq.getByRole('button', { expanded: true })).toHaveCount(0);
});

test('axe finds nothing at 375 px', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto(cohortUrl, { waitUntil: 'networkidle' });
  expect(await axeViolations(page)).toEqual([]);
});
