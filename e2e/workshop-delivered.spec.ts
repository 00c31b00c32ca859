import type { Browser } from '@playwright/test';
import { checkoutPath } from '../contracts/checkout';
import { readInvite } from '../server/testing/calendar';
import type { FakeSmtp } from '../server/testing/fake-smtp';
import type { FakeStripe } from '../server/testing/fake-stripe';
import { clickAsPerson } from '../server/testing/workshop-checkout';
import { viewPath } from '../src/owner/room-views';
import { words } from '../src/owner/words';
import { content, escapeRegExp } from './content';
import { type StandInServer, signInTo, startStandInServer } from './stand-in-server';
import { expect, test } from './test';

/**
 * The workshop delivered (docs/decisions/032-workshop-delivered.md), as a visitor and then as the
 * owner, on a server of its own that makes Checkout Sessions at the stand-in Stripe and sends its
 * emails to the stand-in SMTP relay: the visitor pays and lands on "You're in", the confirmation
 * and its invite arrive, the room lists the attendee, the last seat sold shows "Sold out" with
 * JavaScript off, and a refund gives the seat back. The other visitors' seats are bought through
 * the same redirect and the stand-in's own payment, each from an address of its own.
 */

const { workshop } = content;
const session = workshop.sessions.find(({ start }) => Date.parse(start) > Date.now());
test.skip(!session, 'content/workshop.yaml has no session to come');

let running: StandInServer;
let stripe: FakeStripe;
let smtp: FakeSmtp;
let origin: string;

test.beforeAll(async () => {
  running = await startStandInServer('workshop-delivered');
  ({ stripe, smtp, origin } = running);
});

test.afterAll(() => running?.stop());

/**
 * One seat bought by another visitor, at their own address, through our redirect, clicking as a
 * browser does: nothing else holds a seat (docs/decisions/034-selling-that-cannot-be-gamed.md).
 */
async function buySeat(visitor: number): Promise<string> {
  const click = await clickAsPerson(`${origin}${checkoutPath}?session=${session?.id}`, {
    'X-Forwarded-For': `198.51.100.${visitor}`,
  });
  const id = /\/c\/pay\/([A-Za-z0-9_]+)/.exec(click.location)?.[1];
  if (!id) throw new Error(`no checkout for visitor ${visitor}: ${click.status}`);
  await stripe.pay(id, { email: `visitor${visitor}@example.com`, name: `Visitor ${visitor}` });
  return id;
}

const template = (text: string) =>
  new RegExp(escapeRegExp(text).replace(/\\\{\w+\\\}/g, '.+'), 'i');

/** The workshop page with JavaScript off, loaded again until it shows `text` (the calendar's check). */
async function untilShown(browser: Browser, text: RegExp) {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await expect(async () => {
    await page.goto(`${origin}/assetworkshop`);
    await expect(page.getByText(text).first()).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 50_000, intervals: [2000] });
  await context.close();
}

test('a visitor pays, gets the invite, the owner sees them, the last seat sells out, a refund gives it back', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const seats = session?.seats ?? 0;
  // Every seat but two is taken by other visitors.
  for (let visitor = 1; visitor <= seats - 2; visitor++) await buySeat(visitor);
  await stripe.settled();

  // The visitor: from the page's button to Stripe's form, to "You're in".
  await page.goto(`${origin}/assetworkshop`);
  const opened = page.context().waitForEvent('page');
  await page.getByRole('link', { name: workshop.hero.cta }).first().click();
  const checkout = await opened;
  await checkout.getByLabel('Email').fill('bea@example.com');
  await checkout.getByLabel('Name').fill('Bea Buyer');
  await checkout.getByRole('button', { name: /^Pay/ }).click();
  // "You're in" because the server has the payment of the session Stripe's address names
  // (docs/decisions/034-selling-that-cannot-be-gamed.md); without it, the page claims nothing.
  await expect(checkout.getByRole('heading', { level: 1 })).toHaveText(
    workshop.delivery.booked.paid?.heading ?? '',
  );
  const booked = new URL(checkout.url());
  expect(booked.pathname).toBe('/assetworkshop/booked');
  expect(booked.searchParams.get('checkout')).toMatch(/^cs_/);
  await checkout.goto(`${origin}/assetworkshop/booked`);
  await expect(checkout.getByRole('heading', { level: 1 })).toHaveText(
    workshop.delivery.booked.heading,
  );

  // The confirmation, with the invite a calendar reads.
  // The outbox sends one email at a time, and the other visitors' confirmations are ahead of hers.
  const confirmation = await smtp.waitFor(
    (message) => message.envelope.to.includes('bea@example.com'),
    60_000,
  );
  expect(confirmation.secure).toBe(true);
  const ics = confirmation.mail.attachments.find((file) => file.filename === 'invite.ics');
  expect(ics, 'the invite is attached').toBeTruthy();
  const invite = readInvite(ics?.content.toString('utf8') ?? '');
  expect(invite.zone).toBe('Europe/London');
  expect(invite.sequence).toBe(0);
  expect(invite.start).toBe(new Date(session?.start ?? '').toISOString());
  expect(confirmation.mail.text).toContain('calendar.google.com');

  // The owner: the attendee in the room's Workshop view.
  const owner = await page.context().browser()?.newContext();
  const room = await owner?.newPage();
  if (!room || !owner) throw new Error('no owner page');
  await signInTo(room, running, 'Workshop Owner');
  await room.goto(`${origin}${viewPath('workshop')}`);
  await expect(room.getByRole('rowheader', { name: 'Bea Buyer', exact: true })).toBeVisible();
  await expect(room.getByRole('cell', { name: 'bea@example.com', exact: true })).toBeVisible();

  // The last seat: the page says so with JavaScript off, and sells the next session.
  await buySeat(seats);
  await stripe.settled();
  await untilShown(browser, template(workshop.delivery.seats.soldOutNotice));

  // A refund of Bea's payment gives her seat back: one left again, shown as such.
  const bea = stripe.sessions().find((made) => made.customer_details?.email === 'bea@example.com');
  if (!bea) throw new Error('no session paid by Bea');
  await stripe.refund(bea.id);
  await stripe.settled();
  await untilShown(browser, template(workshop.delivery.seats.oneLeft));
  await room.reload();
  await expect(
    room.getByRole('row', { name: /Bea Buyer/ }).getByText(words.workshop.refundedStatus),
  ).toBeVisible();
  await owner.close();
});
