import { join } from 'node:path';
import type { Browser, Page } from '@playwright/test';
import Database from 'better-sqlite3';
import { siteOrigins } from '../contracts/sites';
import { namedHosts, parseEnv } from '../server/env';
import type { FakeSmtp } from '../server/testing/fake-smtp';
import { viewPath } from '../src/owner/room-views';
import { words } from '../src/owner/words';
import { axeViolations } from './axe';
import { sampleAnswers, sendApplication } from './cohort-application';
import { content, escapeRegExp, facts } from './content';
import { type StandInServer, signInTo, startStandInServer } from './stand-in-server';
import { expect, test } from './test';

/**
 * The cohort by application, end to end (docs/decisions/033-cohort-applications.md), on a server
 * of its own that makes Checkout Sessions at the stand-in Stripe and sends its emails to the
 * stand-in SMTP relay: an applicant applies with JavaScript off; the owner, signed in with a
 * passkey, shortlists and accepts; the offer email brings a personal link; the applicant pays on
 * Stripe's form, their address fixed, and is enrolled; the cohort page's seats fall by one. A
 * second applicant's offer then runs out of time, its seat comes back, its link says so, and the
 * room suggests the waitlisted applicant for the seat.
 */

const { cohort } = content;
const { application, offer } = cohort;
test.skip(
  cohort.admission !== 'application' || !application || !offer,
  'content/cohort.yaml takes no applications',
);

let running: StandInServer;
let smtp: FakeSmtp;
let dataDir: string;
/** The main site, where the room is, and the cohort's own site, where its pages and links are. */
let origin: string;
let cohortSite: string;

test.beforeAll(async () => {
  running = await startStandInServer('cohort-offer');
  ({ smtp, dataDir, origin } = running);
  cohortSite = siteOrigins(origin, namedHosts(parseEnv()))['sellable-business'];
});

test.afterAll(() => running?.stop());

/** "Only 20 slots left" as the page says it, its number captured (the content's facts are filled). */
const slotsLeft = new RegExp(
  escapeRegExp(cohort.hero.slots).replace(facts.cohortSeatsLeft, '(\\d+)'),
  'i',
);

/** The seats left the cohort page says with JavaScript off, read again until it says `expected`. */
async function seatsShown(browser: Browser, expected?: number): Promise<number> {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  let shown = Number.NaN;
  await expect(async () => {
    await page.goto(`${cohortSite}/`);
    const text = await page.getByText(slotsLeft).first().textContent({ timeout: 1000 });
    shown = Number(slotsLeft.exec(text ?? '')?.[1]);
    if (expected !== undefined) expect(shown).toBe(expected);
  }).toPass({ timeout: 60_000, intervals: [2000] });
  await context.close();
  return shown;
}

/** An application sent from the cohort's site with JavaScript off. */
async function apply(browser: Browser, who: { email: string; name: string }) {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`${cohortSite}/apply`);
  await sendApplication(page, who);
  await context.close();
}

/** One application opened in the room's Applications view, moved to `status`, the move said. */
async function move(room: Page, name: string, status: 'shortlisted' | 'accepted' | 'waitlisted') {
  await room.goto(`${origin}${viewPath('applications')}`);
  await room.getByRole('button', { name: words.applications.open(name) }).click();
  await room.getByRole('button', { name: words.applications.moveTo[status] }).click();
  await expect(
    room.getByText(words.applications.moved(name, words.applications.statuses[status])),
  ).toBeVisible();
}

/** Words of the content with each "{fact}" as anything. */
const template = (text: string) =>
  new RegExp(`^${escapeRegExp(text).replace(/\\\{\w+\\\}/g, '.+')}$`);

/** The personal link in the offer email sent to `email`. */
async function offerLink(email: string): Promise<string> {
  const subject = template(offer?.emails.offer.subject ?? '');
  const sent = await smtp.waitFor(
    (message) => message.envelope.to.includes(email) && subject.test(message.mail.subject ?? ''),
    60_000,
  );
  const link = /https?:\/\/\S+\/go\/offer\/[\w.-]+/.exec(sent.mail.text ?? '')?.[0];
  if (!link) throw new Error(`no offer link in: ${sent.mail.text}`);
  expect(new URL(link).origin).toBe(cohortSite);
  return link;
}

test('an application becomes a paid seat, and an offer that runs out gives its seat back', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const run = Date.now();
  const ada = { email: `ada.${run}@example.com`, name: `Ada Applicant ${run}` };
  const bea = { email: `bea.${run}@example.com`, name: `Bea Applicant ${run}` };
  const cy = { email: `cy.${run}@example.com`, name: `Cy Applicant ${run}` };
  const before = await seatsShown(browser);

  // The applicants, with JavaScript off.
  for (const who of [ada, bea, cy]) await apply(browser, who);

  // The owner: Ada's answers in the room, then shortlisted and accepted.
  await signInTo(page, running, 'Cohort Owner');
  await page.goto(`${origin}${viewPath('applications')}`);
  await page.getByRole('button', { name: words.applications.open(ada.name) }).click();
  await expect(page.getByText(sampleAnswers.short)).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await move(page, ada.name, 'shortlisted');
  await move(page, ada.name, 'accepted');
  await expect(
    page.getByText(
      words.applications.changed(
        words.applications.statuses.shortlisted,
        words.applications.statuses.accepted,
      ),
    ),
  ).toBeVisible();

  // Ada's offer: the link in her email opens Stripe's form for her address alone, and she pays.
  const link = await offerLink(ada.email);
  const applicant = await browser.newContext();
  const pay = await applicant.newPage();
  await pay.goto(link);
  const email = pay.getByLabel('Email');
  await expect(email).toHaveValue(ada.email);
  await expect(email).not.toBeEditable();
  await expect(pay.getByText('£2,950.00').first()).toBeVisible();
  await pay.getByLabel('Name').fill(ada.name);
  await pay.getByRole('button', { name: /^Pay/ }).click();
  // "You're in" because the server has the payment of the session Stripe's address names
  // (docs/decisions/034-selling-that-cannot-be-gamed.md), axe-clean at both widths.
  await expect(pay.getByRole('heading', { level: 1 })).toHaveText(
    offer?.page.enrolled.heading ?? '',
  );
  const paid = new URL(pay.url());
  expect(paid.origin).toBe(cohortSite);
  expect(paid.searchParams.get('checkout')).toMatch(/^cs_/);
  for (const width of [375, 1440]) {
    await pay.setViewportSize({ width, height: 900 });
    expect(await axeViolations(pay), `the paid offer page at ${width} px`).toEqual([]);
  }
  // Her link, opened again, leads there too; the page opened without it claims nothing.
  await pay.goto(link);
  await expect(pay.getByRole('heading', { level: 1 })).toHaveText(
    offer?.page.enrolled.heading ?? '',
  );
  await pay.goto(`${cohortSite}/offer`);
  await expect(pay.getByRole('heading', { level: 1 })).toHaveText(
    offer?.page.unknown?.heading ?? '',
  );
  // Her link cut short, as a mail client may break it, is not said to be over.
  await pay.goto(link.slice(0, -6));
  await expect(pay.getByRole('heading', { level: 1 })).toHaveText(
    offer?.page.invalid?.heading ?? '',
  );

  // Enrolled: the confirmation arrives, the room says so, and a seat fewer is left.
  const enrolled = template(offer?.emails.enrolled.subject ?? '');
  await smtp.waitFor(
    (message) =>
      message.envelope.to.includes(ada.email) && enrolled.test(message.mail.subject ?? ''),
    60_000,
  );
  await seatsShown(browser, before - 1);
  await page.goto(`${origin}${viewPath('applications')}`);
  await page.getByRole('button', { name: words.applications.open(ada.name) }).click();
  await expect(page.getByText(/^Enrolled, £2,950/)).toBeVisible();

  // Bea is accepted (her offer holds a seat) and Cy waitlisted.
  await move(page, bea.name, 'accepted');
  await move(page, cy.name, 'waitlisted');
  const beaLink = await offerLink(bea.email);
  await seatsShown(browser, before - 2);

  // Bea's offer runs out: its window is moved into the past, as the clock would move it.
  const db = new Database(join(dataDir, 'leads.sqlite'));
  try {
    db.prepare(
      `update cohort_offers set expires_at = '2000-01-01T00:00:00.000Z'
       where application_id = (select id from cohort_applications where email = ?)`,
    ).run(bea.email);
  } finally {
    db.close();
  }
  await seatsShown(browser, before - 1);
  await pay.goto(beaLink);
  await expect(pay.getByRole('heading', { level: 1 })).toHaveText(
    offer?.page.expired.heading ?? '',
  );
  expect(new URL(pay.url()).hash).toBe('#expired');
  await applicant.close();

  // The room offers the free seat to the waitlisted applicant.
  await page.goto(`${origin}${viewPath('applications')}`);
  await expect(page.getByText(words.applications.seatFree(cy.name))).toBeVisible();
  await page.getByRole('button', { name: words.applications.openNext(cy.name) }).click();
  await expect(
    page.getByRole('heading', { name: new RegExp(escapeRegExp(cy.name)) }),
  ).toBeVisible();
});
