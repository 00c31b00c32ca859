import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Experiment, variantId } from '../../../contracts/content/experiments';
import type { Store } from '../../db/store';
import { parseEnv } from '../../env';
import { createLogger } from '../../logger';
import { createPageViewCounter, type PageViewCounter } from '../../page-views/counter';
import { loadSite, type Site } from '../../site';
import { siteHosts } from '../../site-hosts';
import { createTestApp, postJson, solvedProof } from '../../testing/app';
import { createTestDatabase, type TestDatabase } from '../../testing/stores';
import {
  chargeRefundedEvent,
  checkoutSessionEvent,
  delivery,
  signed,
  testReferences,
  testWebhookSecret,
} from '../../testing/stripe';
import { experimentsCommand } from './commands/standing';
import { createExposures, type Exposures } from './exposures';

/**
 * An experiment through the app over the real build (decision 027): each visitor is sent the
 * prerendered page of their variant, chosen on the server from the daily visitor key, with no
 * cookie; bots and prefetches get the page as it is; no shared cache may keep a variant.
 */

const env = parseEnv({ LOG_LEVEL: 'silent' });
const browser =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

let site: Site;
let database: TestDatabase;
let store: Store;
let experiment: Experiment;

beforeAll(async () => {
  site = await loadSite();
  database = await createTestDatabase('sqlite');
  store = await database.open();
  const [sample] = site.experiments.list;
  if (!sample) throw new Error('the sample content has no experiment');
  experiment = sample;
});
/** The site's experiments with only `experiment` in their list. */
const servedOnly = (experiment: Experiment): Site['experiments'] => ({
  ...site.experiments,
  list: [experiment],
});

afterAll(async () => {
  await store.close();
  await database.drop();
});

let counter: PageViewCounter | undefined;
let exposures: Exposures | undefined;

function appFor(served: Site, counting = true, settings: Record<string, string> = {}) {
  const logger = createLogger(env);
  counter = counting
    ? createPageViewCounter({ store, logger, siteHosts: siteHosts(env) })
    : undefined;
  exposures = counting ? createExposures({ store, logger }) : undefined;
  return createTestApp(
    store,
    { SITE_URL: env.SITE_URL, ...settings },
    undefined,
    undefined,
    served,
    { pageViews: counter, exposures },
  );
}

/** The waitlist page as a visitor at `address` with `userAgent` gets it. */
async function visit(
  app: ReturnType<typeof appFor>,
  address: string,
  headers: Record<string, string> = {},
) {
  const response = await app.request(
    '/',
    { headers: { host: env.WAITLIST_HOST, 'user-agent': browser, ...headers } },
    { incoming: { socket: { remoteAddress: address } } },
  );
  const html = await response.text();
  return { response, heading: /<h1[^>]*>([^<]*)<\/h1>/.exec(html)?.[1] };
}

const control = 'You&#x27;re almost in';

describe('a page under an experiment', () => {
  it('is sent to each visitor as their variant, the same all day, with no cookie and no shared cache', async () => {
    const app = appFor(site);
    const [variant] = experiment.variants;
    const seen = new Map<string, number>();
    for (let index = 0; index < 200; index++) {
      const address = `203.0.113.${index}`;
      const { response, heading } = await visit(app, address);
      expect(response.status).toBe(200);
      expect(response.headers.get('set-cookie')).toBeNull();
      expect(response.headers.get('cache-control')).toBe('private, no-cache');
      seen.set(heading ?? '', (seen.get(heading ?? '') ?? 0) + 1);
      // The same visitor again: the same page.
      expect((await visit(app, address)).heading).toBe(heading);
    }
    expect([...seen.keys()].sort()).toEqual([control, variant?.changes[0]?.text].sort());
    // A 50/50 split of 200 visitors: far from 0 or 200 either way.
    for (const count of seen.values()) expect(count).toBeGreaterThan(70);

    // Each visitor counted once under the variant they saw, with their two views.
    await Promise.all([counter?.flush(), exposures?.flush()]);
    const stored = await store.db
      .selectFrom('experiment_exposures')
      .select(['experiment', 'variant'])
      .select((eb) => [
        eb.fn.countAll<number>().as('visitors'),
        eb.fn.sum<number>('views').as('views'),
      ])
      .groupBy(['experiment', 'variant'])
      .orderBy('variant')
      .execute();
    expect(
      stored.map((row) => ({
        ...row,
        visitors: Number(row.visitors),
        views: Number(row.views),
      })),
    ).toEqual(
      [
        {
          experiment: experiment.name,
          variant: 'control',
          visitors: seen.get(control),
          views: 2 * (seen.get(control) ?? 0),
        },
        {
          experiment: experiment.name,
          variant: variant?.name,
          visitors: seen.get(variant?.changes[0]?.text ?? ''),
          views: 2 * (seen.get(variant?.changes[0]?.text ?? '') ?? 0),
        },
      ].sort((a, b) => (String(a.variant) < String(b.variant) ? -1 : 1)),
    );
  });

  it('is the page as it is for a bot and a prefetch, and neither is counted', async () => {
    await store.db.deleteFrom('experiment_exposures').execute();
    const app = appFor(site);
    for (let index = 0; index < 20; index++) {
      const address = `198.51.100.${index}`;
      const bot = await visit(app, address, {
        'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1)',
      });
      expect(bot.heading).toBe(control);
      const prefetch = await visit(app, address, { 'sec-purpose': 'prefetch' });
      expect(prefetch.heading).toBe(control);
    }
    await Promise.all([counter?.flush(), exposures?.flush()]);
    expect(await store.db.selectFrom('experiment_exposures').selectAll().execute()).toEqual([]);
  });

  it('is the page as it is before the start, after the end, and with page views not counted', async () => {
    const later: Site = {
      ...site,
      experiments: servedOnly({
        ...experiment,
        start: new Date(Date.now() + 86_400_000).toISOString(),
      }),
    };
    const ended: Site = {
      ...site,
      experiments: servedOnly({ ...experiment, end: new Date(Date.now() - 1_000).toISOString() }),
    };
    for (const served of [later, ended]) {
      const app = appFor(served);
      for (let index = 0; index < 20; index++) {
        const { response, heading } = await visit(app, `192.0.2.${index}`);
        expect(heading).toBe(control);
        expect(response.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
      }
    }
    const uncounted = appFor(site, false);
    for (let index = 0; index < 20; index++) {
      expect((await visit(uncounted, `192.0.2.${index}`)).heading).toBe(control);
    }
  });

  it('counts a sign-up under the variant its visitor was shown, worked out on the server', async () => {
    await store.db.deleteFrom('subscribers').execute();
    const app = appFor(site);
    const shown = new Map<string, string>();
    for (let index = 0; index < 12; index++) {
      const address = `203.0.113.${100 + index}`;
      const { heading } = await visit(app, address);
      const response = await postJson(
        app,
        '/api/subscriptions',
        {
          list: 'waitlist',
          email: `reader${index}@example.com`,
          page: '/',
          // As the page's script sends it: only a sign-up that passed the form's checks counts.
          altcha: await solvedProof(app),
        },
        { headers: { host: env.WAITLIST_HOST, 'user-agent': browser }, address },
      );
      expect(response.status).toBe(201);
      shown.set(`reader${index}@example.com`, heading === control ? 'control' : 'first-to-read');
    }
    const rows = await store.db
      .selectFrom('subscribers')
      .select(['email', 'experiment', 'variant'])
      .execute();
    expect(rows).toHaveLength(12);
    for (const row of rows) {
      expect(row.experiment).toBe(experiment.name);
      expect(row.variant, row.email).toBe(shown.get(row.email));
    }
    expect(new Set(rows.map((row) => row.variant)).size).toBe(2);
    // A sign-up from a page under no experiment carries none.
    const elsewhere = await postJson(
      app,
      '/api/subscriptions',
      { list: 'newsletter', email: 'home@example.com', page: '/' },
      { headers: { host: 'localhost:3000', 'user-agent': browser } },
    );
    expect(elsewhere.status).toBe(201);
    const home = await store.db
      .selectFrom('subscribers')
      .select(['experiment', 'variant'])
      .where('email', '=', 'home@example.com')
      .executeTakeFirstOrThrow();
    expect(home).toEqual({ experiment: null, variant: null });

    // The room's standing counts the same sign-ups under the same variants.
    await Promise.all([counter?.flush(), exposures?.flush()]);
    const [standing] = await experimentsCommand.run(
      { store, experiments: site.experiments.list, now: new Date() },
      {},
    );
    for (const variant of standing?.variants ?? []) {
      expect(variant.conversions, variant.name).toBe(
        [...shown.values()].filter((name) => name === variant.name).length,
      );
      expect(variant.visitors, variant.name).toBeGreaterThanOrEqual(variant.conversions);
    }
  });

  it('keeps its verdict when one address shops among 50 browsers and signs up only where it likes the variant', async () => {
    await store.db.deleteFrom('subscribers').execute();
    await store.db.deleteFrom('experiment_exposures').execute();
    const small = { ...experiment, sampleSize: 30 };
    // The form's rate limit only slows a patient script down: the attack runs without it.
    const app = appFor({ ...site, experiments: servedOnly(small) }, true, { LEAD_RATE_LIMIT: '0' });
    const signUp = (address: string, userAgent: string, email: string) =>
      postJson(
        app,
        '/api/subscriptions',
        { list: 'waitlist', email, page: '/', altcha: '' },
        { headers: { host: env.WAITLIST_HOST, 'user-agent': userAgent }, address },
      );
    const proven = async (address: string, userAgent: string, email: string) =>
      postJson(
        app,
        '/api/subscriptions',
        { list: 'waitlist', email, page: '/', altcha: await solvedProof(app) },
        { headers: { host: env.WAITLIST_HOST, 'user-agent': userAgent }, address },
      );

    // Real visitors: 80 addresses, the same six sign-ups in each variant.
    const joined = new Map<string, number>();
    for (let index = 0; index < 80; index++) {
      const address = `192.0.2.${index}`;
      const { heading } = await visit(app, address);
      const variant = heading === control ? 'control' : 'first-to-read';
      if ((joined.get(variant) ?? 0) < 6) {
        joined.set(variant, (joined.get(variant) ?? 0) + 1);
        const response = await proven(address, browser, `reader${index}@example.com`);
        expect(response.status).toBe(201);
      }
    }
    expect(joined).toEqual(
      new Map([
        ['control', 6],
        ['first-to-read', 6],
      ]),
    );

    // The script: one address, 50 browsers (Chrome 100 to 149); it looks at the page under each
    // and signs up, proof of work solved, wherever it was shown the variant it wants.
    const attacker = '198.51.100.66';
    const favoured = new Set<string>();
    for (let major = 100; major < 150; major++) {
      const userAgent = `Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${major}.0.0.0 Safari/537.36`;
      const { heading } = await visit(app, attacker, { 'user-agent': userAgent });
      if (heading === control) continue;
      favoured.add(userAgent);
      expect((await proven(attacker, userAgent, `bot${major}@example.com`)).status).toBe(201);
      // And once more without a proof, as a plain script would.
      expect((await signUp(attacker, userAgent, `bot${major}b@example.com`)).status).toBe(201);
    }
    expect(favoured.size).toBeGreaterThan(10);

    await Promise.all([counter?.flush(), exposures?.flush()]);
    const [standing] = await experimentsCommand.run(
      { store, experiments: [small], now: new Date() },
      {},
    );
    const variants = new Map(standing?.variants.map((variant) => [variant.name, variant]));
    // Only the real visitors count: the script showed itself both variants, so it counts in neither.
    expect(variants.get('control')?.conversions).toBe(6);
    expect(variants.get('first-to-read')?.conversions).toBe(6);
    expect(
      (variants.get('control')?.visitors ?? 0) + (variants.get('first-to-read')?.visitors ?? 0),
    ).toBe(80);
    expect(['keep collecting', 'no clear difference']).toContain(
      variants.get('first-to-read')?.verdict,
    );
  });

  /** An experiment on the workshop page's heading, counting its sales. */
  const workshopOffer = (name: string, start?: string): Experiment => ({
    name,
    page: 'workshop',
    goal: 'sales',
    controlShare: 50,
    variants: [
      { name: 'early-bird', share: 50, changes: [{ field: 'hero.heading', text: 'Early' }] },
    ],
    sampleSize: 100,
    ...(start && { start }),
  });

  it('counts a checkout click and its sale under the variant its visitor was shown', async () => {
    const priceTest = workshopOffer('workshop-price');
    const pages = new Map(site.pages);
    const workshop = site.pages.get('workshop');
    if (!workshop) throw new Error('the build has no workshop page');
    pages.set(variantId('workshop', priceTest.name, 'early-bird'), workshop);
    const served: Site = {
      ...site,
      pages,
      experiments: servedOnly(priceTest),
      sales: {
        ...site.sales,
        workshopSessions: [
          {
            id: 'next-month',
            start: new Date(Date.now() + 30 * 86_400_000).toISOString(),
            price: { amount: 49, currency: 'GBP' },
            seats: 40,
            checkout: 'https://buy.stripe.com/test_workshop',
          },
        ],
      },
    };
    const app = appFor(served, true, { STRIPE_WEBHOOK_SECRET: testWebhookSecret });
    const host = new URL(env.SITE_URL).host;
    const request = (path: string, address: string, headers: Record<string, string> = {}) =>
      app.request(
        `${env.SITE_URL}${path}`,
        { headers: { host, 'user-agent': browser, ...headers } },
        { incoming: { socket: { remoteAddress: address } } },
      );

    // Each visitor sees the page, then clicks its checkout (one of them twice).
    const clicked: Array<{ variant: string; reference: string }> = [];
    for (let index = 0; index < 16; index++) {
      const address = `203.0.113.${200 + index}`;
      expect((await request('/assetworkshop', address)).status).toBe(200);
      for (let click = 0; click < (index === 0 ? 2 : 1); click++) {
        const response = await request('/go/workshop', address, {
          referer: `${env.SITE_URL}/assetworkshop`,
        });
        expect(response.status).toBe(302);
        const reference =
          new URL(response.headers.get('location') ?? '').searchParams.get('client_reference_id') ??
          '';
        const shown = testReferences.read(reference)?.experiment;
        expect(shown?.name).toBe(priceTest.name);
        if (click === 0) clicked.push({ variant: shown?.variant ?? '', reference });
      }
    }
    const byVariant = (list: ReadonlyArray<{ variant: string }>, name: string) =>
      list.filter(({ variant }) => variant === name).length;
    expect(byVariant(clicked, 'control')).toBeGreaterThan(0);
    expect(byVariant(clicked, 'early-bird')).toBeGreaterThan(0);

    // A bot's click is not counted and carries no variant.
    const bot = await request('/go/workshop', '198.51.100.99', {
      referer: `${env.SITE_URL}/assetworkshop`,
      'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1)',
    });
    const botReference = new URL(bot.headers.get('location') ?? '').searchParams.get(
      'client_reference_id',
    );
    expect(testReferences.read(botReference)?.experiment).toBeUndefined();

    // Half of them buy; one sale is then refunded in full and no longer counts.
    const bought = clicked.filter((_, index) => index % 2 === 0);
    for (const [index, { reference }] of bought.entries()) {
      const event = checkoutSessionEvent('checkout.session.completed', {
        session: `cs_test_price_${index}`,
        reference,
      });
      const response = await app.request('/api/stripe/webhook', delivery(signed(event)));
      expect(response.status).toBe(200);
    }
    const refund = chargeRefundedEvent({
      charge: 'ch_test_price',
      paymentIntent: 'pi_test_price_0',
    });
    expect((await app.request('/api/stripe/webhook', delivery(signed(refund)))).status).toBe(200);
    const kept = bought.slice(1);

    await Promise.all([counter?.flush(), exposures?.flush()]);
    const standing = async (goal: Experiment['goal']) => {
      const [result] = await experimentsCommand.run(
        { store, experiments: [{ ...priceTest, goal }], now: new Date() },
        {},
      );
      return new Map(result?.variants.map((variant) => [variant.name, variant]));
    };
    const checkouts = await standing('checkouts');
    const sales = await standing('sales');
    for (const name of ['control', 'early-bird']) {
      // Every visitor clicked once a day, however often: as many conversions as visitors.
      expect(checkouts.get(name)?.visitors, name).toBe(byVariant(clicked, name));
      expect(checkouts.get(name)?.conversions, name).toBe(byVariant(clicked, name));
      expect(sales.get(name)?.conversions, name).toBe(byVariant(kept, name));
    }
  });

  it('records a sale whose reference is forged, or names a variant not live that day, without crediting an experiment', async () => {
    const priceTest = workshopOffer('workshop-offer', '2026-11-20T00:00:00Z');
    const app = appFor({ ...site, experiments: servedOnly(priceTest) }, false, {
      STRIPE_WEBHOOK_SECRET: testWebhookSecret,
    });
    const shown = { name: priceTest.name, variant: 'early-bird' };
    const click = { host: 'localhost', path: '/assetworkshop', source: 'Instagram' };
    const genuine = testReferences.make({ ...click, day: '2026-11-25', experiment: shown });
    const [, signature, nonce] = genuine.split('-');
    const wanted = Buffer.from(
      `2026-11-25\nlocalhost\n/assetworkshop\nInstagram\n${priceTest.name}\ncontrol`,
    ).toString('base64url');
    const references = {
      forged: `v2-${signature}-${nonce}-${wanted}`,
      // Signed by us, but the day before the experiment started.
      early: testReferences.make({ ...click, day: '2026-11-19', experiment: shown }),
      // Signed by us, naming a variant the experiment does not have.
      dropped: testReferences.make({
        ...click,
        day: '2026-11-25',
        experiment: { name: priceTest.name, variant: 'half-price' },
      }),
      genuine,
    };
    for (const [name, reference] of Object.entries(references)) {
      const event = checkoutSessionEvent('checkout.session.completed', {
        session: `cs_test_${name}`,
        reference,
      });
      expect((await app.request('/api/stripe/webhook', delivery(signed(event)))).status).toBe(200);
    }
    const sales = await store.db
      .selectFrom('sales')
      .select(['id', 'path', 'source', 'experiment', 'variant'])
      .where(
        'id',
        'in',
        Object.keys(references).map((name) => `cs_test_${name}`),
      )
      .orderBy('id')
      .execute();
    expect(sales).toEqual([
      {
        id: 'cs_test_dropped',
        path: '/assetworkshop',
        source: 'Instagram',
        experiment: null,
        variant: null,
      },
      {
        id: 'cs_test_early',
        path: '/assetworkshop',
        source: 'Instagram',
        experiment: null,
        variant: null,
      },
      // Recorded, under no page or source: the funnel's "(not recorded)".
      { id: 'cs_test_forged', path: null, source: null, experiment: null, variant: null },
      {
        id: 'cs_test_genuine',
        path: '/assetworkshop',
        source: 'Instagram',
        experiment: priceTest.name,
        variant: 'early-bird',
      },
    ]);
  });
});
