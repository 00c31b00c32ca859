import { expect, it } from 'vitest';
import { parseEnv } from '../../env';
import { createLogger } from '../../logger';
import { createPageViewCounter } from '../../page-views/counter';
import type { Site } from '../../site';
import { siteHosts } from '../../site-hosts';
import { createTestApp } from '../../testing/app';
import { testSite } from '../../testing/site';
import { describeEachStore } from '../../testing/stores';
import { testReferences } from '../../testing/stripe';

const browser =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const later = new Date(Date.now() + 30 * 86_400_000).toISOString();
const muchLater = new Date(Date.now() + 90 * 86_400_000).toISOString();
const site = (workshopSessions: Site['sales']['workshopSessions']): Site =>
  testSite({ sales: { workshopSessions, pageCheckouts: new Map() } });
/** A session as the render gives it: its name, start, price, seats and Payment Link. */
const sold = (id: string, start: string, checkout: string) => ({
  id,
  start,
  price: { amount: 49, currency: 'GBP' as const },
  seats: 40,
  checkout,
});
const onSale = site([
  sold('much-later', muchLater, 'https://buy.stripe.com/test_later'),
  sold('later', later, 'https://buy.stripe.com/test_next?locale=en-GB'),
]);
const today = new Date().toISOString().slice(0, 10);

describeEachStore('GET /go/workshop', ({ store }) => {
  const app = (workshop = onSale) => createTestApp(store(), {}, undefined, undefined, workshop);
  const click = (query = '', headers: Record<string, string> = {}, workshop = onSale) =>
    app(workshop).request(`http://localhost/go/workshop${query}`, {
      headers: { 'User-Agent': browser, ...headers },
    });
  const clicks = () =>
    store().db.selectFrom('checkout_clicks').selectAll().orderBy('source').execute();

  it('counts the click and sends the visitor to the next session’s checkout with our reference', async () => {
    const response = await click('', {
      Referer: 'http://localhost/assetworkshop?utm_source=ig',
    });
    expect(response.status).toBe(302);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const target = new URL(response.headers.get('location') ?? '');
    expect(`${target.origin}${target.pathname}`).toBe('https://buy.stripe.com/test_next');
    expect(target.searchParams.get('locale')).toBe('en-GB');
    expect(target.searchParams.has('prefilled_email')).toBe(false);
    const reference = target.searchParams.get('client_reference_id') ?? '';
    expect(reference).toMatch(/^[A-Za-z0-9_-]{1,200}$/);
    expect(testReferences.read(reference)).toEqual({
      day: today,
      host: 'localhost',
      path: '/assetworkshop',
      source: 'Instagram',
    });
    expect(await clicks()).toEqual([
      { day: today, host: 'localhost', path: '/assetworkshop', source: 'Instagram', clicks: 1 },
    ]);
    // Two clicks alike are one row counted twice, each with its own reference.
    const again = await click('', { Referer: 'http://localhost/assetworkshop?utm_source=ig' });
    expect(again.headers.get('location')).not.toBe(response.headers.get('location'));
    expect((await clicks())[0]?.clicks).toBe(2);
  });

  it('takes the source the page’s script passes, and the visitor’s email on to Stripe only', async () => {
    const response = await click('?source=linkedin&prefilled_email=Bea%40example.com', {
      Referer: 'http://localhost/sellablebusiness/cohort',
    });
    const target = new URL(response.headers.get('location') ?? '');
    expect(target.searchParams.get('prefilled_email')).toBe('Bea@example.com');
    expect(testReferences.read(target.searchParams.get('client_reference_id'))).toMatchObject({
      path: '/sellablebusiness/cohort',
      source: 'LinkedIn',
    });
    expect(JSON.stringify(await clicks())).not.toContain('example.com');
    // Not an address: not passed on.
    const odd = await click('?prefilled_email=not-an-address');
    expect(new URL(odd.headers.get('location') ?? '').searchParams.has('prefilled_email')).toBe(
      false,
    );
  });

  it('counts one address’s clicks within the budget it shares with its page views', async () => {
    const env = parseEnv({ LOG_LEVEL: 'silent', SITE_URL: 'http://localhost' });
    const pageViews = createPageViewCounter({
      store: store(),
      logger: createLogger(env),
      siteHosts: siteHosts(env),
    });
    const counted = createTestApp(store(), {}, undefined, undefined, onSale, { pageViews });
    const request = (path: string) =>
      counted.request(`http://localhost${path}`, {
        headers: { 'User-Agent': browser, Referer: 'http://localhost/assetworkshop' },
      });
    for (let view = 0; view < 20; view++) await request('/assetworkshop');
    for (let click = 0; click < 70; click++) {
      // Past the budget the visitor still goes on to pay; the click is only not counted.
      expect((await request('/go/workshop')).status).toBe(302);
    }
    expect((await clicks()).map((row) => row.clicks)).toEqual([40]);
  });

  it('behind a proxy that terminates TLS, with TRUST_PROXY unset, still knows its own https page', async () => {
    const app = createTestApp(
      store(),
      { SITE_URL: 'https://localhost' },
      undefined,
      undefined,
      onSale,
    );
    const response = await app.request('http://localhost/go/workshop', {
      headers: { 'User-Agent': browser, Referer: 'https://localhost/assetworkshop?utm_source=ig' },
    });
    const target = new URL(response.headers.get('location') ?? '');
    expect(testReferences.read(target.searchParams.get('client_reference_id'))).toMatchObject({
      path: '/assetworkshop',
      source: 'Instagram',
    });
  });

  it('without a Referer of our own, records no page; another site’s Referer is not a page', async () => {
    await click();
    await click('', { Referer: 'https://evil.example/assetworkshop' });
    expect(await clicks()).toEqual([
      { day: today, host: 'localhost', path: '', source: 'Direct', clicks: 2 },
    ]);
  });

  it('sends bots and prefetches on without counting them', async () => {
    expect((await click('', { 'User-Agent': 'curl/8.0' })).status).toBe(302);
    expect((await click('', { 'Sec-Purpose': 'prefetch' })).status).toBe(302);
    expect(await clicks()).toEqual([]);
  });

  it('goes back to the page when no session is on sale any more', async () => {
    const response = await click('', { Referer: 'http://localhost/assetworkshop' }, site([]));
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/assetworkshop');
    expect(await clicks()).toEqual([]);
  });
});

describeEachStore('GET /go/page/<slug> (an owner page’s checkout block)', ({ store }) => {
  const withPage: Site = {
    ...onSale,
    routes: {
      redirects: [],
      ownerRoutes: [
        { page: 'pages/masterclass', site: 'main', path: '/masterclass', noindex: false },
      ],
    },
    sales: {
      ...onSale.sales,
      pageCheckouts: new Map([
        ['masterclass', [sold('masterclass', later, 'https://buy.stripe.com/test_masterclass')]],
        [
          'ended',
          [
            sold(
              'ended',
              new Date(Date.now() - 86_400_000).toISOString(),
              'https://buy.stripe.com/test_old',
            ),
          ],
        ],
      ]),
    },
  };
  const click = (slug: string, headers: Record<string, string> = {}) =>
    createTestApp(store(), {}, undefined, undefined, withPage).request(
      `http://localhost/go/page/${slug}`,
      { headers: { 'User-Agent': browser, ...headers } },
    );

  it('sends the visitor to the page’s own session, its click counted by the page’s path', async () => {
    const response = await click('masterclass', {
      Referer: 'http://localhost/masterclass?utm_source=newsletter',
    });
    expect(response.status).toBe(302);
    const target = new URL(response.headers.get('location') ?? '');
    expect(`${target.origin}${target.pathname}`).toBe('https://buy.stripe.com/test_masterclass');
    expect(testReferences.read(target.searchParams.get('client_reference_id') ?? '')).toEqual({
      day: today,
      host: 'localhost',
      path: '/masterclass',
      source: 'Newsletter',
    });
  });

  it('sends the visitor back to the page once its last session has started', async () => {
    const response = await click('ended', { Referer: 'http://localhost/masterclass' });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/masterclass');
  });

  it('answers 404 for a page that sells nothing, whatever the slug names', async () => {
    for (const slug of ['press', 'nope', '__proto__', 'constructor', 'toString']) {
      expect((await click(slug)).status, slug).toBe(404);
    }
  });
});
