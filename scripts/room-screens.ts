/**
 * `npx tsx scripts/room-screens.ts`: the pictures of the owner's room in docs/owner-guide/, each
 * view at 375 and 1440 px (and the phone's menu open), to show in the guide and to look at after
 * a change to the room. The build (BUILD_DIR, default dist/: build first) served on a database
 * of its own, filled the way visitors fill it: visits from a few sources, sign-ups and an
 * enquiry sent through the site's API to a fake Kit that refuses them (so the outbox has jobs,
 * two marked failed in the database), three workshop attendees and an open checkout, an owner
 * enrolled with a virtual authenticator, and two publishes. The screenshots are PNGs in 256
 * colours, each at most 2,400 px tall.
 *
 * Env: ROOM_SCREENS_PORT (default 4195; the fake Kit on the next port), ROOM_SCREENS_OUT
 * (default docs/owner-guide), CHROMIUM_PATH.
 */
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, chromium, devices, type Page } from '@playwright/test';
import Database from 'better-sqlite3';
import sharp from 'sharp';
import { ownerPaths } from '../contracts/owner';
import { siteOrigins } from '../contracts/sites';
import { addAuthenticator, invite } from '../e2e/owner';
import { buildPaths } from '../server/build-paths';
import { namedHosts, parseEnv, pathSettings } from '../server/env';
import { startFakeKit } from '../server/providers/fake-kit';
import { openStore } from '../server/store';
import { seedApplication } from '../server/testing/cohort-applications';
import { seedOffer } from '../server/testing/cohort-offers';
import { startServerProcess } from '../server/testing/server-process';
import { seedAttendee } from '../server/testing/workshop-attendees';
import { roomViews } from '../src/owner/room-views';
import { words } from '../src/owner/words';
import { chromiumFlags } from './chromium-flags';

const port = Number(process.env.ROOM_SCREENS_PORT ?? 4195);
const origin = `http://localhost:${port}`;
const origins = siteOrigins(origin, namedHosts(parseEnv({ SITE_URL: origin })));
const out = process.env.ROOM_SCREENS_OUT ?? join(buildPaths.root, 'docs/owner-guide');
const dataDir = mkdtempSync(join(tmpdir(), 'founder-site-room-screens-'));
const widths = [375, 1440] as const;
const tallest = 2400;

const kitKey = 'room-screens';
const kit = await startFakeKit(kitKey, () => 503, port + 1);
const server = await startServerProcess({
  PORT: String(port),
  SITE_URL: origin,
  DATA_DIR: dataDir,
  DATABASE_URL: '',
  LOG_LEVEL: 'info',
  LEAD_RATE_LIMIT: '0',
  PAGE_VIEW_RATE_LIMIT: '0',
  TRUST_PROXY: 'loopback',
  KIT_API_KEY: kitKey,
  KIT_API_URL: `http://127.0.0.1:${port + 1}`,
  KIT_FORM_ID_NEWSLETTER: '1001',
  KIT_FORM_ID_WAITLIST: '1002',
});
const browser = await chromium.launch({
  executablePath: pathSettings().CHROMIUM_PATH,
  args: chromiumFlags,
});

/**
 * Visits from a few sources, each visitor an address of their own, as the proxy names it; the
 * last ones on the waitlist's site, whose headline is under test.
 */
async function visit(browser: Browser) {
  const sources = ['instagram', 'linkedin', 'newsletter', 'podcast', ''];
  const paths = ['/', '/11cheatcodes', '/workshop', '/'];
  for (let visitor = 0; visitor < 32; visitor++) {
    // A browser's own name: the counter takes a headless one for a bot.
    const context = await browser.newContext({
      userAgent: devices['Desktop Chrome'].userAgent,
      extraHTTPHeaders: { 'X-Forwarded-For': `2001:db8::${(visitor + 1).toString(16)}` },
    });
    const page = await context.newPage();
    const source = sources[visitor % sources.length];
    const path = visitor < 24 ? (paths[visitor % paths.length] ?? '/') : '/';
    const site = visitor < 24 ? origins.main : origins.waitlist;
    await page.goto(`${site}${path}${source ? `?utm_source=${source}` : ''}`);
    await context.close();
  }
}

/** Sign-ups and an enquiry, as the site's forms send them. */
async function leads(page: Page) {
  const people = [
    ['Ava Patel', 'instagram', '/'],
    ['Sam Okafor', 'linkedin', '/workshop'],
    ['Mia Novak', 'newsletter', '/'],
    ['Leo Brennan', 'podcast', '/11cheatcodes'],
    ['Zara Ahmed', 'instagram', '/'],
  ] as const;
  for (const [name, source, path] of people) {
    const email = `${name.split(' ')[0]?.toLowerCase()}@example.com`;
    const answer = await page.request.post(`${origin}/api/subscriptions`, {
      data: { list: 'newsletter', email, firstName: name.split(' ')[0], source, page: path },
      headers: { Origin: origin },
    });
    if (answer.status() !== 201)
      throw new Error(`sign-up: ${answer.status()} ${await answer.text()}`);
  }
  const enquiry = await page.request.post(`${origin}/api/contact-submissions`, {
    data: {
      name: 'Priya Shah',
      email: 'priya@example.com',
      message: 'A keynote for 300 founders in March?',
      page: '/speaking',
    },
    headers: { Origin: origin },
  });
  if (enquiry.status() !== 201) throw new Error(`enquiry: ${enquiry.status()}`);
}

/** An owner, enrolled through an invite in this page's virtual authenticator; ends in the room. */
async function enrol(page: Page) {
  const link = await invite('Jamie', { dataDir, siteUrl: origin });
  await addAuthenticator(page);
  await page.goto(link);
  await page.getByRole('button', { name: words.welcome.button }).click();
  await page.waitForURL(`${origin}${ownerPaths.room}`);
}

async function publish(page: Page) {
  await page.goto(`${origin}${ownerPaths.room}`);
  const region = page.getByRole('region', { name: words.publish.heading, exact: true });
  await region.getByRole('button', { name: words.publish.publish, exact: true }).click();
  await region.getByRole('status').waitFor({ timeout: 90_000 });
}

/** Two of the jobs Kit refused, given up on, as the worker would after its last try. */
function failSome() {
  const db = new Database(join(dataDir, 'leads.sqlite'));
  db.prepare(
    `UPDATE outbox_jobs SET status = 'failed', attempts = 8
     WHERE id IN (SELECT id FROM outbox_jobs WHERE status = 'pending' ORDER BY id LIMIT 2)`,
  ).run();
  db.close();
}

/**
 * Four applications to the cohort's first intake, for the Applications view: one enrolled, one
 * with its offer open, one waitlisted (so the view names her for the free seats) and one new.
 */
async function applySome() {
  const store = await openStore({ DATA_DIR: dataDir, DATABASE_URL: undefined });
  try {
    const intake = '2027-01-11';
    const people = [
      { name: 'Ada Lovelace', status: 'accepted', offer: 'enrolled', source: 'ig' },
      { name: 'Grace Hopper', status: 'accepted', offer: 'open', source: 'LinkedIn' },
      { name: 'Mary Somerville', status: 'waitlisted', source: 'Newsletter' },
      { name: 'Alan Turing', status: 'new', source: 'Direct' },
    ] as const;
    for (const [index, person] of people.entries()) {
      const email = `${person.name.split(' ')[0]?.toLowerCase()}@example.com`;
      const at = new Date(Date.now() - (people.length - index) * 3_600_000).toISOString();
      const id = await seedApplication(store, {
        email,
        name: person.name,
        intake,
        at,
        source: person.source,
        // Answers to the questions content/cohort.yaml asks.
        answers: {
          business: 'Northlight, brand strategy for B2B software firms',
          revenue: '£1m–£3m',
          team: 14,
          dependence: ['Winning new clients', 'Key client relationships'],
          goal: 'A sales team that wins clients without me, and my Fridays back.',
        },
      });
      await store.db
        .updateTable('cohort_applications')
        .set({ status: person.status, decided_at: person.status === 'new' ? null : at })
        .where('id', '=', id)
        .execute();
      if (!('offer' in person)) continue;
      await seedOffer(store, {
        applicationId: id,
        intake,
        status: person.offer,
        ...(person.offer === 'enrolled'
          ? { paid: { checkoutSession: `cs_test_cohort_${index}`, amount: 295_000, at } }
          : {}),
      });
    }
  } finally {
    await store.close();
  }
}

/**
 * Three attendees of the first workshop session, as Stripe's events leave them (one paid less
 * than the price, one refunded), and a checkout still open, for the Workshop view.
 */
async function bookSome() {
  const store = await openStore({ DATA_DIR: dataDir, DATABASE_URL: undefined });
  try {
    const session = 'december-2026';
    const now = new Date().toISOString();
    await store.db
      .insertInto('workshop_sessions')
      .values({
        id: session,
        start: '2026-12-10T18:00:00.000Z',
        sequence: 0,
        updated_at: now,
        holds_made: 1,
      })
      .onConflict((conflict) => conflict.column('id').doNothing())
      .execute();
    await seedAttendee(store, {
      id: 'cs_test_a1',
      session,
      name: 'Ada Lovelace',
      email: 'ada@example.com',
    });
    await seedAttendee(store, {
      id: 'cs_test_b2',
      session,
      name: 'Grace Hopper',
      email: 'grace@example.com',
      amount: 3900,
      source: 'LinkedIn',
    });
    await seedAttendee(store, {
      id: 'cs_test_c3',
      session,
      name: 'Alan Turing',
      email: 'alan@example.com',
      status: 'refunded',
      refunded: 4900,
    });
    await store.db
      .insertInto('workshop_holds')
      .values({
        id: 'room-screens-hold',
        session_id: session,
        client_hash: '3f9c1a7be2d40c55a8e1f0b6d7c2e9a4',
        network_hash: '8d2e6b0f4a1c9e7d5b3a2f1e0c9d8b7a',
        status: 'open',
        created_at: now,
        expires_at: new Date(Date.now() + 30 * 60_000).toISOString(),
        checkout_session: 'cs_test_open',
        amount: 4900,
        currency: 'gbp',
        released_at: null,
      })
      .execute();
  } finally {
    await store.close();
  }
}

/**
 * The page as it is once its answers and fonts are in, in 256 colours: the whole page up to
 * `tallest` px, or only what the screen shows (`screenful`).
 */
async function shoot(page: Page, name: string, screenful = false) {
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  const { width, height: screen } = page.viewportSize() ?? { width: 0, height: 0 };
  // A picture clipped to the screen would hide a page wider than it: that is a fault, not a picture.
  const wide = await page.evaluate(() => document.documentElement.scrollWidth);
  if (wide > width) throw new Error(`${name}: the page is ${wide} px wide on a ${width} px screen`);
  const height = screenful
    ? screen
    : await page.evaluate(() => document.documentElement.scrollHeight);
  const png = await page.screenshot({
    clip: { x: 0, y: 0, width, height: Math.min(height, tallest) },
    animations: 'disabled',
    caret: 'hide',
    fullPage: true,
  });
  const file = join(out, `${name}.png`);
  await sharp(png).png({ palette: true, effort: 10, compressionLevel: 9 }).toFile(file);
  console.log(file);
}

try {
  mkdirSync(out, { recursive: true });
  await visit(browser);
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await leads(page);
  await enrol(page);
  await publish(page);
  await publish(page);
  // The page views are written every few seconds, the Kit jobs tried once by now.
  await page.waitForTimeout(6_000);
  failSome();
  await bookSome();
  await applySome();
  for (const width of widths) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    for (const view of roomViews) {
      await page.goto(`${origin}${view.path}`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await shoot(page, `room-${view.id}-${width}`);
    }
  }
  // The phone's menu, open over the first view.
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto(`${origin}${ownerPaths.room}`);
  await page.getByRole('button', { name: words.nav.menu }).click();
  await shoot(page, 'room-menu-375', true);
} finally {
  await browser.close();
  await server.stop();
  await kit.close();
}
