import { expect, type Locator, type Page } from '@playwright/test';

/** Checks of the sections several pages share (src/sections/). */

/** Every testimonial stands as a figure in #testimonials, with its photo where it has one. */
export async function expectTestimonials(page: Page, items: ReadonlyArray<{ photo?: unknown }>) {
  await expect(page.locator('#testimonials figure')).toHaveCount(items.length);
  await expect(page.locator('#testimonials figure img')).toHaveCount(
    items.filter((item) => item.photo).length,
  );
}

/**
 * An FAQ keeps one answer open: `first` opens on a click, then `second` from the keyboard (Enter),
 * which closes `first`.
 */
export async function expectOneAnswerOpen(page: Page, first: Locator, second: Locator) {
  await first.click();
  await expect(first).toHaveAttribute('aria-expanded', 'true');
  await second.focus();
  await page.keyboard.press('Enter');
  await expect(second).toHaveAttribute('aria-expanded', 'true');
  await expect(first).toHaveAttribute('aria-expanded', 'false');
}
