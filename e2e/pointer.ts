import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Moves the mouse a little at a time until `island` is live, as a visitor's mouse keeps moving:
 * islands that wait for a mouse listen only once the page's code has loaded, after the first
 * paint (src/pages/start-page.ts), so one early movement may come before anyone listens.
 */
export async function moveMouseUntilLive(page: Page, island: Locator): Promise<void> {
  let step = 0;
  await expect(async () => {
    step++;
    await page.mouse.move(400 + (step % 40), 400);
    await expect(island).toHaveAttribute('data-hydrated', '', { timeout: 250 });
  }).toPass();
}
