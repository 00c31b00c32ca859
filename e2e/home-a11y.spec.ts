import { dayHasCome } from '../src/lib/facts';
import { axeViolations } from './axe';
import { content } from './content';
import { expect, test } from './test';

/** Accessibility of the home page: axe in its states, and a visible focus on every stop. */

const { home, site } = content;
const released = dayHasCome(site.book.releaseDate, Date.now());

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
  await page.getByRole('button', { name: home.header.menuText }).click();
  await expect(page.getByRole('navigation', { name: home.header.navLabel })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
});

test('axe finds no violations with every form showing its errors', async ({ page }) => {
  await page.goto('/', { waitUntil: 'networkidle' });
  if (!released) {
    await page.locator('#book').getByLabel(site.forms.emailLabel).fill('bob@');
    await page.getByRole('button', { name: home.book.beforeRelease.submit }).click();
  }
  await page
    .locator('#newsletter')
    .getByRole('button', { name: home.newsletter.copy.submit })
    .click();
  await page.locator('#contact').getByRole('button', { name: home.contact.copy.submit }).click();
  // The newsletter's email, the contact form's three fields, and the waitlist's email.
  await expect(page.locator('[aria-invalid="true"]')).toHaveCount(released ? 4 : 5);
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
  // The walk reached the carousels and the book section, not just the header.
  const { goTo } = home.timeline.labels;
  expect(seen.some((name) => name.includes(goTo.slice(0, goTo.indexOf('{'))))).toBe(true);
  const bookAction = released ? home.book.afterRelease.order : home.book.beforeRelease.submit;
  expect(seen.some((name) => name.includes(bookAction.slice(0, 30)))).toBe(true);
});
