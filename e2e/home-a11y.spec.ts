import { expect, test } from '@playwright/test';
import { axeViolations } from './axe';

/** Accessibility of the home page: axe in its states, and a visible focus on every stop. */

for (const viewport of [
  { width: 1280, height: 900 },
  { width: 375, height: 812 },
]) {
  test(`axe finds no violations at ${viewport.width} px`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await page.goto('/', { waitUntil: 'networkidle' });
    expect(await axeViolations(page)).toEqual([]);
  });
}

test('axe finds no violations with the mobile menu open', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/', { waitUntil: 'networkidle' });
  await page.getByRole('button', { name: 'Menu' }).click();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
});

test('axe finds no violations with every form showing its errors', async ({ page }) => {
  await page.goto('/', { waitUntil: 'networkidle' });
  await page.locator('#book').getByLabel('Email address').fill('bob@');
  await page.getByRole('button', { name: 'Join the waitlist' }).click();
  await page.locator('#newsletter').getByRole('button', { name: 'Subscribe' }).click();
  await page.locator('#contact').getByRole('button', { name: 'Send message' }).click();
  await expect(page.locator('[aria-invalid="true"]')).toHaveCount(5);
  expect(await axeViolations(page)).toEqual([]);
});

test('every keyboard stop shows a focus indicator', async ({ page }) => {
  await page.goto('/', { waitUntil: 'networkidle' });
  const seen: string[] = [];
  for (let stop = 0; stop < 60; stop++) {
    await page.keyboard.press('Tab');
    const focus = await page.evaluate(() => {
      const element = document.activeElement as HTMLElement | null;
      if (!element || element === document.body) return null;
      const style = getComputedStyle(element);
      return {
        name: `${element.tagName} ${element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 30)}`,
        visible: style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) >= 2,
      };
    });
    if (!focus) break;
    seen.push(focus.name);
    expect(focus.visible, `focus ring on ${focus.name}`).toBe(true);
  }
  // The walk reached the carousels and the forms, not just the header.
  expect(seen.some((name) => name.includes('Go to slide'))).toBe(true);
  expect(seen.some((name) => name.includes('Join the waitlist'))).toBe(true);
});
