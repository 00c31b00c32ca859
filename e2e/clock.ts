import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Lets a page's islands go live while Playwright's clock is paused. An island waits for the
 * viewport (real time) and then for idle time (the page's clock), so the clock has to move on
 * while we wait: an island that comes near the viewport after one fixed run would otherwise wait
 * for an idle period that never comes.
 */
export async function settleIslands(
  page: Page,
  waiting: Locator = page.locator('[data-island-root]:not([data-hydrated])'),
) {
  await page.clock.runFor(2500);
  await expect
    .poll(async () => {
      const left = await waiting.count();
      if (left > 0) await page.clock.runFor(100);
      return left;
    })
    .toBe(0);
  // An island's code may arrive after that run; a frame more lets it finish settling.
  await page.clock.runFor(100);
}
