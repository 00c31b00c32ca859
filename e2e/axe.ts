import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * What axe finds on the page as a visitor sees it once it has settled: an accordion panel or a
 * dialog that is still fading in would be measured half-transparent, a contrast failure no
 * visitor sees. Endless animations (a pulsing bar) are not waited for.
 */
export async function axeViolations(page: Page) {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  return (await new AxeBuilder({ page }).analyze()).violations;
}
