import { nextIntake } from '../src/lib/facts';
import { axeViolations } from './axe';
import { content, facts } from './content';
import { siteOrigin } from './hosts';
import { expectOneAnswerOpen, expectTestimonials } from './sections';
import { expect, test } from './test';

/**
 * "Escape the 7-Figure Prison" on the sellable-business site (product brief §2.8, D18), with its
 * words, intake dates and booking link from content/cohort.yaml. What the page shows once no
 * intake takes applications is tested on the server (server/features/pages/calendar-pages.test.ts).
 */

const cohortUrl = `${siteOrigin['sellable-business']}/`;
const { cohort } = content;
const intake = nextIntake(cohort.intakes, Date.now());

test('the fifteen sections in the brief’s order, with the content’s words and the next intake', async ({
  page,
}) => {
  await page.goto(cohortUrl);
  await expect(page.getByText(cohort.hero.kicker)).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(cohort.hero.heading);
  const hero = page.locator('section', { has: page.getByRole('heading', { level: 1 }) });
  const details = page.locator('#details');
  if (intake) {
    // The hero and the details name the intake taking applications, in British dates.
    expect(cohort.intake.open).toContain(facts.cohortStarts);
    expect(cohort.intake.open).toContain(facts.cohortApplyBy);
    await expect(hero.getByText(cohort.hero.slots)).toBeVisible();
    await expect(hero.getByText(cohort.intake.open)).toBeVisible();
    await expect(details.getByText(cohort.intake.open)).toBeVisible();
  } else {
    await expect(hero.getByText(cohort.intake.closed)).toBeVisible();
    await expect(details.getByText(cohort.intake.closed)).toBeVisible();
  }
  expect(await page.getByRole('heading', { level: 2 }).allTextContents()).toEqual([
    cohort.story.heading,
    cohort.pain.heading,
    cohort.shift.heading,
    cohort.expertPitch.heading,
    cohort.weeks.heading,
    cohort.deliverables.heading,
    cohort.fit.heading,
    cohort.details.heading,
    cohort.testimonials.heading,
    cohort.ready.heading,
    cohort.faq.heading,
  ]);
  const weeks = cohort.weeks.weeks;
  await expect(page.locator('#how ol li')).toHaveCount(weeks.length);
  const lastWeek = weeks.at(-1);
  await expect(page.locator('#how')).toContainText(`${lastWeek?.label}${lastWeek?.title}`);
  await expect(page.locator('#deliverables li')).toHaveCount(cohort.deliverables.items.length);
  await expectTestimonials(page, cohort.testimonials.items);
  // The single and paired quotes between sections (§2.8 items 1, 2 and 4), named in the content.
  const { afterHero, afterStory, afterPitch } = cohort.quotes;
  await expect(page.locator('main figure')).toHaveCount(
    afterHero.length + afterStory.length + afterPitch.length + cohort.testimonials.items.length,
  );
  for (const note of cohort.fit.notes) await expect(page.locator('#fit')).toContainText(note.title);
});

test('ratings read as "5 out of 5", not five glyphs', async ({ page }) => {
  await page.goto(cohortUrl);
  const rating = cohort.testimonials.items.find((item) => item.rating)?.rating;
  await expect(page.getByRole('img', { name: `${rating} out of 5` }).first()).toBeVisible();
});

test('the shift is a real table, readable at 375 px without sideways scrolling', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto(cohortUrl);
  const { shift } = cohort;
  const table = page.getByRole('table', { name: shift.caption });
  await expect(table.getByRole('columnheader')).toHaveText([shift.columns.from, shift.columns.to]);
  await expect(table.locator('tbody tr')).toHaveCount(shift.rows.length);
  const [first] = shift.rows;
  await expect(table.getByRole('row', { name: `${first?.from} ${first?.to}` })).toBeVisible();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - window.innerWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
});

test('every call button leads where the content says people get in, tracked with its place', async ({
  page,
}) => {
  await page.goto(cohortUrl);
  // By application (decision 033): the content's "apply" label, to the application page, in the
  // same tab; by call (D18): each button's own words, to the booking page in a new tab.
  const { application } = cohort;
  const applying = cohort.admission === 'application' && application;
  const expected = [
    [cohort.hero.cta, 'cohort-hero'],
    [cohort.story.cta, 'cohort-story'],
    [cohort.pain.cta, 'cohort-pain'],
    [cohort.details.cta, 'cohort-details'],
    [cohort.ready.cta, 'cohort-ready'],
  ] as const;
  const links = page.locator('a[data-cta^="cohort-"]');
  await expect(links).toHaveCount(expected.length);
  for (const [index, [label, location]] of expected.entries()) {
    const link = links.nth(index);
    await expect(link).toHaveAttribute('data-cta', location);
    if (applying) {
      await expect(link).toHaveText(applying.apply);
      await expect(link).toHaveAttribute('href', '/apply');
      await expect(link).not.toHaveAttribute('target', /./);
    } else {
      await expect(link).toHaveText(label);
      await expect(link).toHaveAttribute('href', cohort.booking);
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
  }
  if (applying) {
    await links.first().click();
    await expect(page).toHaveURL(`${siteOrigin['sellable-business']}/apply`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(applying.heading);
  }
});

test('common questions: one open at a time, the open one collapses, keyboard too; axe clean', async ({
  page,
}) => {
  await page.goto(cohortUrl);
  const faq = page.locator('#faq');
  const [first] = cohort.faq.items;
  const last = cohort.faq.items.at(-1);
  const busy = faq.getByRole('button', { name: first?.question, exact: true });
  const hire = faq.getByRole('button', { name: last?.question, exact: true });
  await expectOneAnswerOpen(page, busy, hire);
  expect(await axeViolations(page)).toEqual([]);
  await hire.click();
  await expect(faq.getByRole('button', { expanded: true })).toHaveCount(0);
});

test('axe finds nothing at 375 px', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto(cohortUrl, { waitUntil: 'networkidle' });
  expect(await axeViolations(page)).toEqual([]);
});

test('the application page and the offer page: axe finds nothing at 375 and 1440 px', async ({
  page,
}) => {
  test.skip(cohort.admission !== 'application', 'content/cohort.yaml takes no applications');
  for (const width of [375, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`${siteOrigin['sellable-business']}/apply`, { waitUntil: 'networkidle' });
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      cohort.application?.heading ?? '',
    );
    expect(await axeViolations(page), `/apply at ${width} px`).toEqual([]);
    // Each of the offer page's outcomes is shown alone, its heading the page's one h1; opened as
    // it is, its words for anyone (a payment shows only where the server proved it:
    // e2e/cohort-offer.spec.ts).
    for (const outcome of ['', '#expired', '#full', '#retry', '#invalid'] as const) {
      await page.goto(`${siteOrigin['sellable-business']}/offer${outcome}`);
      const shown = outcome
        ? (outcome.slice(1) as 'expired' | 'full' | 'retry' | 'invalid')
        : 'unknown';
      const words = cohort.offer?.page[shown];
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(words?.heading ?? '');
      expect(await axeViolations(page), `/offer${outcome} at ${width} px`).toEqual([]);
    }
  }
});
