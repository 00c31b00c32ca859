import { expect, type Page, test } from '@playwright/test';
import { axeViolations } from './axe';
import { settleIslands } from './clock';
import { siteOrigin } from './hosts';

/** The £49 live workshop on the sellable-business site (spec §2.7, §4, D13, D14, D16, D19). */

const workshopUrl = `${siteOrigin['sellable-business']}/cohort`;
const start = Date.parse('2025-09-22T17:00:00Z'); // 18:00 in London (BST)

/** Opens the page at a given moment, time paused, islands live. */
async function openAt(page: Page, at: number) {
  await page.clock.install({ time: at });
  await page.clock.pauseAt(at + 1000);
  await page.goto(workshopUrl);
  await page.locator('#price').scrollIntoViewIfNeeded();
  await settleIslands(
    page,
    page.locator(
      'script[data-island="workshop-countdown"] + [data-island-root]:not([data-hydrated])',
    ),
  );
}

function timer(page: Page) {
  return page.getByRole('timer', { name: 'Time until the workshop starts' });
}

test('the sections in the spec’s order, with its words', async ({ page }) => {
  await page.goto(workshopUrl);
  await expect(page.getByText('Live Workshop: September 22nd @ 18:00 UK (BST)')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Make your business an asset');
  expect(await page.getByRole('heading', { level: 2 }).allTextContents()).toEqual([
    'What founders say',
    'Most founders hit a point where growth stops feeling like progress',
    'What we’ll cover',
    'This is a paid workshop...',
    'Claim Your Spot Now',
    'Before you book',
  ]);
  await expect(page.locator('#testimonials figure')).toHaveCount(4);
  await expect(page.locator('#testimonials figure img')).toHaveCount(4);
  const phases = page.locator('#agenda ol > li');
  await expect(phases).toHaveCount(3);
  for (const phase of await phases.all()) await expect(phase.locator('li')).toHaveCount(4);
  await expect(page.locator('#agenda')).toContainText('Phase Three'); // D14, not "Thase".
  await expect(page.getByText('One Time Price: £49')).toBeVisible();
});

test('the four buttons open the one checkout in a new tab, declared as a £49 checkout', async ({
  page,
}) => {
  await page.goto(workshopUrl);
  for (const name of ['Reserve Your Spot', 'Sign Me Up', "I'm Ready", 'Enrol Now']) {
    const link = page.getByRole('link', { name });
    await expect(link).toHaveAttribute('href', 'https://buy.stripe.com/test_workshop');
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    await expect(link).toHaveAttribute('data-checkout-value', '49');
    await expect(link).toHaveAttribute('data-checkout-currency', 'GBP');
  }
});

test('the countdown before, during and after the start', async ({ page }) => {
  await openAt(page, start - (2 * 86_400 + 5 * 3600) * 1000);
  // Each tile is its unit (dt) and its value (dd); time ran on a little while the page loaded.
  await expect(timer(page)).toContainText(/days\s*02\s*hours\s*0[45]\s*minutes/);
  await expect(timer(page)).not.toContainText('(workshop has started)');

  // Jump (timers fire once) rather than run two days of one-second ticks.
  await page.clock.fastForward((2 * 86_400 + 5 * 3600) * 1000 - 8000);
  await page.clock.runFor(1000);
  await expect(timer(page)).toContainText(/days\s*00\s*hours\s*00\s*minutes\s*00\s*seconds\s*0\d/);
  await expect(timer(page)).not.toContainText('(workshop has started)');
  await page.clock.runFor(6000);
  await expect(timer(page)).toContainText(/days\s*00\s*hours\s*00\s*minutes\s*00\s*seconds\s*00/);
  await expect(timer(page)).toContainText('(workshop has started)');
});

test('the countdown counts real time across a change of the clocks (GMT now, BST at the start)', async ({
  page,
}) => {
  // 29 March 2025, 17:59 GMT; the clocks go forward that night, and the workshop is at 18:00
  // BST (17:00 UTC). Real time to go: 176 days, 23 hours and one minute; counting by the wall
  // clock would say 177 days.
  await openAt(page, Date.parse('2025-03-29T17:59:00Z'));
  await expect(timer(page)).toContainText(/days\s*176\s*hours\s*23\s*minutes\s*00/);
  await expect(page.getByText('Live Workshop: September 22nd @ 18:00 UK (BST)')).toBeVisible();
});

test('after the start (today), the prerendered page already says so, and hydrates quietly', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.goto(workshopUrl);
  await expect(timer(page)).toContainText('(workshop has started)');
  await page.locator('#price').scrollIntoViewIfNeeded();
  await expect(
    page.locator('script[data-island="workshop-countdown"] + [data-hydrated]'),
  ).toHaveCount(1);
  expect(errors).toEqual([]);
});

test('the FAQ: one open at a time, the open one closes again (D13), by keyboard too', async ({
  page,
}) => {
  await page.goto(workshopUrl);
  const faq = page.locator('#faq');
  const first = faq.getByRole('button', { name: /relevant if I’m not planning to sell/ });
  const last = faq.getByRole('button', { name: /can’t attend live/ });
  await first.click();
  await expect(first).toHaveAttribute('aria-expanded', 'true');
  await last.focus();
  await page.keyboard.press('Enter');
  await expect(last).toHaveAttribute('aria-expanded', 'true');
  await expect(first).toHaveAttribute('aria-expanded', 'false');
  await expect(faq.getByText(/replay is included/)).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await page.keyboard.press('Enter');
  await expect(last).toHaveAttribute('aria-expanded', 'false');
});

test('axe finds nothing on the page', async ({ page }) => {
  await page.goto(workshopUrl, { waitUntil: 'networkidle' });
  expect(await axeViolations(page)).toEqual([]);
});
