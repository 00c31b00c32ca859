import type { Page } from '@playwright/test';
import { dayHasCome } from '../src/lib/facts';
import { axeViolations } from './axe';
import { content } from './content';
import { siteOrigin } from './hosts';
import { moveMouseUntilLive } from './pointer';
import { expect, refuseEverything, test } from './test';

/**
 * The book landing (pre-order) page on the what's-stopping-you site (product brief §2.4, D2, D15): the
 * sections in order, the order and bonus links, the FAQ accordion and the exit-intent pop-up.
 */

const bookUrl = `${siteOrigin.book}/`;
const { book, site } = content;
/** The words of the book's state today: a pre-order before release day, the book from it. */
const release = dayHasCome(site.book.releaseDate, Date.now()) ? book.outNow : book.preOrder;
const [whenQuestion, claimQuestion] = release.faq;
if (!whenQuestion || !claimQuestion) throw new Error('expected two release-day questions');

/** Moves the pointer into the page, then out through its top edge, as a visitor heading for the tabs. */
async function leaveThroughTheTop(page: Page) {
  await page.mouse.move(600, 300);
  await page.mouse.move(600, 5);
  await page.mouse.move(600, -20);
}

/** The pop-up's island loads at the first mouse movement (only a mouse can leave the top). */
async function exitIntentReady(page: Page) {
  await moveMouseUntilLive(page, page.locator('script[data-island="exit-intent"] + *'));
}

test('the title is the book title plus the author, and the sections follow product brief §2.4', async ({
  page,
}) => {
  await page.goto(bookUrl);
  await expect(page).toHaveTitle(release.meta.title);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(book.hero.heading);
  const headings = await page.getByRole('heading', { level: 2 }).allTextContents();
  expect(headings).toEqual([
    book.endorsements.heading,
    book.description.heading,
    book.excerpt.heading,
    release.claim.heading,
    release.bonuses.heading,
    book.videoMessage.heading,
    book.faq.heading,
    book.contact.heading,
  ]);
});

test('order buttons go to the retailer in a new tab, safely', async ({ page }) => {
  await page.goto(bookUrl);
  const orders = page.getByRole('link', { name: release.order, exact: true });
  await expect(orders).toHaveCount(2);
  for (const order of await orders.all()) {
    await expect(order).toHaveAttribute('href', /^https:\/\/www\.amazon\.co\.uk\//);
    await expect(order).toHaveAttribute('target', '_blank');
    await expect(order).toHaveAttribute('rel', 'noopener noreferrer');
  }
});

test('three endorsements, five benefits, the excerpt and six bonuses', async ({ page }) => {
  await page.goto(bookUrl);
  await expect(page.locator('#endorsements figure')).toHaveCount(3);
  await expect(page.locator('#inside li')).toHaveCount(5);
  await expect(page.getByRole('img', { name: book.excerpt.image.alt })).toBeVisible();
  await expect(page.locator('#bonuses li')).toHaveCount(6);
  for (const bonus of book.bonuses.items) {
    await expect(page.locator('#bonuses')).toContainText(bonus.title);
  }
});

test('step 2 writes the receipt email: the book mailbox, a subject and a body', async ({
  page,
}) => {
  await page.goto(bookUrl);
  const href = await page
    .getByRole('link', { name: book.claim.emailStep.button })
    .getAttribute('href');
  const mail = new URL(href ?? '');
  expect(mail.protocol).toBe('mailto:');
  expect(mail.pathname).toBe(book.claim.mailbox);
  expect(mail.searchParams.get('subject')).toBe(release.claim.receiptSubject);
  expect(mail.searchParams.get('body')).toBe(book.claim.receiptBody);
});

test('the FAQ opens one answer at a time; the open one closes on a second click', async ({
  page,
}) => {
  await page.goto(bookUrl);
  const faq = page.locator('#faq');
  const first = faq.getByRole('button', { name: whenQuestion.question });
  const second = faq.getByRole('button', { name: claimQuestion.question });
  // Every answer is in the prerendered HTML, closed.
  await expect(faq.getByText(whenQuestion.answer)).toBeHidden();
  await first.click();
  await expect(first).toHaveAttribute('aria-expanded', 'true');
  await expect(faq.getByText(whenQuestion.answer)).toBeVisible();
  await second.click();
  await expect(second).toHaveAttribute('aria-expanded', 'true');
  await expect(first).toHaveAttribute('aria-expanded', 'false');
  await second.click();
  await expect(second).toHaveAttribute('aria-expanded', 'false');
  await expect(faq.getByRole('button', { expanded: true })).toHaveCount(0);
});

test('the FAQ works from the keyboard', async ({ page }) => {
  await page.goto(bookUrl);
  const faq = page.locator('#faq');
  const first = faq.getByRole('button', { name: whenQuestion.question });
  await first.focus();
  await page.keyboard.press('Enter');
  await expect(first).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('ArrowDown');
  await expect(faq.getByRole('button', { name: claimQuestion.question })).toBeFocused();
  await page.keyboard.press('Space');
  await expect(first).toHaveAttribute('aria-expanded', 'false');
});

test.describe('exit-intent pop-up', () => {
  test('opens when the pointer leaves through the top; Escape closes it and focus returns', async ({
    page,
  }) => {
    await page.goto(bookUrl);
    await exitIntentReady(page);
    const order = page.getByRole('link', { name: release.order, exact: true }).first();
    await order.focus();
    await leaveThroughTheTop(page);
    const dialog = page.getByRole('dialog', { name: book.exitIntent.heading });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('link', { name: book.exitIntent.join })).toHaveAttribute(
      'href',
      'https://chat.whatsapp.com/',
    );
    await expect(dialog.locator(':focus')).toHaveCount(1); // Focus moved into the dialog.
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(dialog.locator(':focus')).toHaveCount(1); // …and stays there.
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(order).toBeFocused();
  });

  test('the × and the backdrop close it, and it is shown once per visitor', async ({ page }) => {
    await page.goto(bookUrl);
    await exitIntentReady(page);
    await leaveThroughTheTop(page);
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: book.exitIntent.closeLabel }).click();
    await expect(dialog).toBeHidden();

    await page.evaluate(() => localStorage.removeItem('book_exit_intent_shown'));
    await page.reload();
    await exitIntentReady(page);
    await leaveThroughTheTop(page);
    await expect(dialog).toBeVisible();
    await page.mouse.click(10, 10); // The backdrop.
    await expect(dialog).toBeHidden();

    await page.reload();
    await exitIntentReady(page);
    await leaveThroughTheTop(page);
    await page.waitForTimeout(300);
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('never on a touch device', async ({ browser }) => {
    const context = await browser.newContext({
      hasTouch: true,
      isMobile: true,
      viewport: { width: 375, height: 812 },
    });
    await refuseEverything(context);
    const page = await context.newPage();
    await page.goto(bookUrl);
    // Load the island as a mouse would, so what is tested is its own touch check (moving until
    // the page's code listens: see e2e/pointer.ts).
    await expect(async () => {
      await page.evaluate(() =>
        document.dispatchEvent(new PointerEvent('pointermove', { pointerType: 'mouse' })),
      );
      await expect(page.locator('script[data-island="exit-intent"] + [data-hydrated]')).toHaveCount(
        1,
        { timeout: 250 },
      );
    }).toPass();
    await page.mouse.move(100, 5);
    await page.mouse.move(100, -20);
    await page.waitForTimeout(300);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await context.close();
  });
});

test.describe('accessibility', () => {
  test('axe finds nothing on the page, with an FAQ answer open', async ({ page }) => {
    await page.goto(bookUrl, { waitUntil: 'networkidle' });
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: whenQuestion.question }).click();
    await expect(page.getByRole('button', { expanded: true })).toHaveCount(1);
    expect(await axeViolations(page)).toEqual([]);
  });

  test('axe finds nothing with the pop-up open', async ({ page }) => {
    await page.goto(bookUrl, { waitUntil: 'networkidle' });
    await exitIntentReady(page);
    await leaveThroughTheTop(page);
    await expect(page.getByRole('dialog')).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });
});
