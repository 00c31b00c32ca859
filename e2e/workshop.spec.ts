import type { Page } from '@playwright/test';
import { checkoutPath } from '../contracts/checkout';
import { nextSession } from '../src/lib/facts';
import { axeViolations } from './axe';
import { settleIslands } from './clock';
import { content, escapeRegExp, facts } from './content';
import { siteOrigin } from './hosts';
import { expectOneAnswerOpen, expectTestimonials } from './sections';
import { expect, test } from './test';

/**
 * The live workshop on the sellable-business site (product brief §2.7, §4; product decisions
 * D13, D14, D16, D19), with its words, dates and prices from content/workshop.yaml. What the page
 * shows once no session is to come is tested on the server (server/features/pages/calendar-pages.test.ts).
 */

const workshopUrl = `${siteOrigin['sellable-business']}/cohort`;
const { workshop } = content;
const session = nextSession(workshop.sessions, Date.now());
test.skip(!session, 'content/workshop.yaml has no session to come');
const start = Date.parse(session?.start ?? '');

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
  return page.getByRole('timer', { name: workshop.price.countdownLabel });
}

const two = (value: number) => String(value).padStart(2, '0');

/**
 * The timer's text from its first tile on: each tile is its unit (dt) then its value (dd), as
 * digits or a pattern of them; the next unit, if any, closes the last value.
 */
function tiles(...values: string[]): RegExp {
  const { units } = workshop.price;
  const names = [units.days, units.hours, units.minutes, units.seconds].map(escapeRegExp);
  const shown = values.map((value, index) => `${names[index]}\\s*${value}`);
  const next = names[values.length];
  return new RegExp([...shown, ...(next ? [next] : [])].join('\\s*'));
}

test('the sections in the brief’s order, with the content’s words and the next session', async ({
  page,
}) => {
  await page.goto(workshopUrl);
  // The eyebrow names the next session to come, in UK time.
  expect(workshop.hero.kicker).toContain(facts.workshopDate);
  await expect(page.getByText(workshop.hero.kicker)).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(workshop.hero.heading);
  expect(await page.getByRole('heading', { level: 2 }).allTextContents()).toEqual([
    workshop.testimonials.heading,
    workshop.problem.heading,
    workshop.agenda.heading,
    workshop.paid.heading,
    workshop.price.heading,
    workshop.faq.heading,
  ]);
  await expectTestimonials(page, workshop.testimonials.items);
  const phases = page.locator('#agenda ol > li');
  await expect(phases).toHaveCount(workshop.agenda.phases.length);
  for (const [index, phase] of (await phases.all()).entries()) {
    await expect(phase.locator('li')).toHaveCount(
      workshop.agenda.phases[index]?.points.length ?? 0,
    );
  }
  await expect(page.locator('#agenda')).not.toContainText('Thase'); // D14.
  // The price line states the next session's price.
  expect(workshop.price.priceLine).toContain(facts.workshopPrice);
  await expect(page.getByText(workshop.price.priceLine)).toBeVisible();
});

test('the four buttons open the checkout through our counted redirect in a new tab, declared with its price', async ({
  page,
}) => {
  await page.goto(workshopUrl);
  const ctas = [workshop.hero.cta, workshop.problem.cta, workshop.paid.cta, workshop.price.cta];
  for (const name of ctas) {
    const link = page.getByRole('link', { name, exact: true });
    // Our counted redirect (decision 020), naming the session the page sells (decision 032), so
    // a click buys the date the visitor read.
    await expect(link).toHaveAttribute('href', `${checkoutPath}?session=${session?.id}`);
    await expect(link).toHaveAttribute('target', '_blank');
    // No crawler follows it (docs/decisions/034-selling-that-cannot-be-gamed.md).
    await expect(link).toHaveAttribute('rel', 'nofollow noopener');
    await expect(link).toHaveAttribute('data-checkout-value', String(session?.price.amount));
    await expect(link).toHaveAttribute('data-checkout-currency', session?.price.currency ?? '');
  }
});

test('the countdown before, during and after the start', async ({ page }) => {
  await openAt(page, start - (2 * 86_400 + 5 * 3600) * 1000);
  // Time ran on a little while the page loaded.
  await expect(timer(page)).toContainText(tiles('02', '0[45]'));
  await expect(timer(page)).not.toContainText(workshop.price.started);

  // Jump (timers fire once) rather than run two days of one-second ticks.
  await page.clock.fastForward((2 * 86_400 + 5 * 3600) * 1000 - 8000);
  await page.clock.runFor(1000);
  await expect(timer(page)).toContainText(tiles('00', '00', '00', '0\\d'));
  await expect(timer(page)).not.toContainText(workshop.price.started);
  await page.clock.runFor(6000);
  await expect(timer(page)).toContainText(tiles('00', '00', '00', '00'));
  await expect(timer(page)).toContainText(workshop.price.started);
});

/** The last moment the UK's clocks changed before `at` (1:00 UTC on a last Sunday of March or October). */
function clockChangeBefore(at: number): number {
  const changes = [];
  const year = new Date(at).getUTCFullYear();
  for (const y of [year - 1, year]) {
    for (const month of [2, 9]) {
      const lastDay = new Date(Date.UTC(y, month + 1, 0));
      const sunday = lastDay.getUTCDate() - lastDay.getUTCDay();
      changes.push(Date.UTC(y, month, sunday, 1));
    }
  }
  return Math.max(...changes.filter((change) => change < at));
}

test('the countdown counts real time across a change of the clocks', async ({ page }) => {
  // A day before the clocks last changed ahead of the session: counting by the wall clock would
  // be an hour out.
  // Half a minute into a minute, so the seconds the page takes to settle move no minute.
  const at = clockChangeBefore(start) - 86_400_000 - 30_000;
  await openAt(page, at);
  const left = Math.floor((start - at) / 1000);
  const days = Math.floor(left / 86_400);
  const hours = Math.floor((left % 86_400) / 3600);
  const minutes = Math.floor((left % 3600) / 60);
  await expect(timer(page)).toContainText(tiles(two(days), two(hours), two(minutes)));
});

test('the page sells no session that has started: the prerendered price card counts to the next one', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.goto(workshopUrl);
  await expect(timer(page)).not.toContainText(workshop.price.started);
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
  const items = workshop.faq.items;
  const first = faq.getByRole('button', { name: items[0]?.question });
  const last = faq.getByRole('button', { name: items.at(-1)?.question });
  await expectOneAnswerOpen(page, first, last);
  await expect(faq.getByText(items.at(-1)?.answer ?? '')).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await page.keyboard.press('Enter');
  await expect(last).toHaveAttribute('aria-expanded', 'false');
});

test('axe finds nothing on the page', async ({ page }) => {
  await page.goto(workshopUrl, { waitUntil: 'networkidle' });
  expect(await axeViolations(page)).toEqual([]);
});
