import type { Hono } from 'hono';
import { afterEach, expect, it } from 'vitest';
import { holdsFarExceedSales } from '../../../contracts/room/workshop';
import { createTestApp } from '../../testing/app';
import { describeEachStore } from '../../testing/stores';
import { testWebhookSecret } from '../../testing/stripe';
import {
  type AppWithStandInStripe,
  appWithStandInStripe,
  ownCheckoutSettings,
  personsClick,
  soldSession,
  workshopSite,
} from '../../testing/workshop-checkout';
import { workshopSessionsCommand } from './commands/sessions';
import { seatsTaken } from './seats';

/**
 * Seats that cannot be squatted (docs/decisions/034-selling-that-cannot-be-gamed.md): 40 seats,
 * a script clicking from every corner of one IPv6 /48 and from 300 IPv4 addresses of two
 * ranges, crawlers, link previews, prefetches and another site's <img>; a real buyer who comes
 * after them all still holds a seat, pays and is an attendee, and the page still sells.
 */
const session = soldSession(
  'december-2026',
  new Date(Date.now() + 10 * 86_400_000).toISOString(),
  40,
);

const browser = personsClick['User-Agent'];

/** A request for the session's checkout from `client`, through the trusted proxy. */
const request = (
  app: Hono,
  client: string,
  headers: Record<string, string>,
  method: 'GET' | 'HEAD' = 'GET',
) =>
  app.request(
    `http://localhost/go/workshop?session=${session.id}`,
    { method, headers: { ...headers, 'X-Forwarded-For': client } },
    { incoming: { socket: { remoteAddress: '127.0.0.1' } } },
  );

/** Everything that is no person's click, as the review saw each one make a Checkout Session. */
const notPersons: Record<string, { headers: Record<string, string>; method?: 'HEAD' }> = {
  Googlebot: {
    headers: {
      'User-Agent':
        'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html) Chrome/143.0 Safari/537.36',
    },
  },
  'Slack’s unfurl': {
    headers: { 'User-Agent': 'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)' },
  },
  curl: { headers: { 'User-Agent': 'curl/8.5.0', Accept: '*/*' } },
  'no User-Agent': { headers: {} },
  HEAD: { headers: personsClick, method: 'HEAD' },
  'a prefetch': { headers: { ...personsClick, 'Sec-Purpose': 'prefetch' } },
  'another site’s <img>': {
    headers: {
      'User-Agent': browser,
      Referer: 'https://evil.example/',
      'Sec-Fetch-Site': 'cross-site',
      'Sec-Fetch-Mode': 'no-cors',
      'Sec-Fetch-Dest': 'image',
    },
  },
  'another site’s frame': {
    headers: {
      'User-Agent': browser,
      Referer: 'https://evil.example/',
      'Sec-Fetch-Site': 'cross-site',
      'Sec-Fetch-Mode': 'navigate',
      'Sec-Fetch-Dest': 'iframe',
    },
  },
  'a script posing as a browser, from no page of ours': { headers: { 'User-Agent': browser } },
};

describeEachStore('40 seats against a squatter', ({ store }) => {
  let running: AppWithStandInStripe | undefined;
  afterEach(() => running?.stop());

  const seats = async () => (await seatsTaken(store(), new Date().toISOString()))[session.id];

  it('crawlers, previews, prefetches and other sites’ images hold nothing and make no Checkout Session', async () => {
    running = await appWithStandInStripe((stripe) =>
      createTestApp(store(), ownCheckoutSettings(stripe.url), undefined, undefined, {
        ...workshopSite([session]),
      }),
    );
    const { app, stripe } = running;
    for (const [name, { headers, method }] of Object.entries(notPersons)) {
      const answer = await request(app, '192.0.2.10', headers, method);
      const location = answer.headers.get('location') ?? '';
      expect(location.startsWith(stripe.url), name).toBe(false);
      if (name === 'a prefetch') expect(answer.status, name).toBe(503);
      else expect([answer.status, location], name).toEqual([303, '/assetworkshop']);
    }
    expect(stripe.sessions()).toEqual([]);
    expect(await seats()).toBeUndefined();
    // A browser too old for Fetch Metadata, clicking on our page, still holds.
    const old = await request(app, '192.0.2.11', {
      'User-Agent': browser,
      Referer: 'http://localhost/assetworkshop',
    });
    expect(old.headers.get('location')).toMatch(/\/c\/pay\//);
  });

  it('one /48 and 300 IPv4 addresses clicking at once leave seats a real buyer holds and buys', async () => {
    running = await appWithStandInStripe((stripe) =>
      createTestApp(
        store(),
        { STRIPE_WEBHOOK_SECRET: testWebhookSecret, ...ownCheckoutSettings(stripe.url) },
        undefined,
        undefined,
        workshopSite([session]),
      ),
    );
    const { app, stripe } = running;
    // The review's attack: 2001:db8:1:<i>::<j>, one /64 after another of one /48.
    const ipv6 = Array.from({ length: 200 }, (_, i) => `2001:db8:1:${i.toString(16)}::${i + 1}`);
    // And 300 IPv4 addresses, as a provider rents them: two /24s.
    const ipv4 = Array.from({ length: 300 }, (_, i) =>
      i < 150 ? `203.0.113.${i + 1}` : `198.51.100.${i - 149}`,
    );
    const answers = await Promise.all(
      [...ipv6, ...ipv4].map((client) => request(app, client, personsClick)),
    );
    const toStripe = answers.filter((answer) =>
      answer.headers.get('location')?.startsWith(stripe.url),
    );
    // Two for the /48, four for each /24 network.
    expect(toStripe).toHaveLength(2 + 4 + 4);
    expect(await seats()).toEqual({ sold: 0, held: 10, cancelled: false });
    // Clicking again changes nothing while those holds last.
    await Promise.all(ipv4.slice(0, 50).map((client) => request(app, client, personsClick)));
    expect(stripe.sessions()).toHaveLength(10);

    // A real buyer, from an address of their own.
    const click = await request(app, '192.0.2.77', personsClick);
    const location = click.headers.get('location') ?? '';
    expect(location.startsWith(`${stripe.url}/c/pay/`)).toBe(true);
    const id = location.split('/').at(-1) ?? '';
    await stripe.pay(id, { email: 'ada@example.com', name: 'Ada Lovelace' });
    await stripe.settled();
    const attendee = await store()
      .db.selectFrom('workshop_attendees')
      .select(['session_id', 'status', 'email'])
      .executeTakeFirstOrThrow();
    expect(attendee).toEqual({
      session_id: session.id,
      status: 'confirmed',
      email: 'ada@example.com',
    });
    expect(await seats()).toEqual({ sold: 1, held: 10, cancelled: false });
    // The room warns the owner: eleven checkouts opened in a day, one paid.
    const room = await workshopSessionsCommand.run(
      {
        store: store(),
        published: [session],
        now: new Date(),
        seatsEnforced: true,
        buyersApart: true,
      },
      {},
    );
    const [overview] = room.sessions;
    expect(overview?.checkoutsLastDay).toEqual({ opened: 11, paid: 1 });
    expect(holdsFarExceedSales(overview?.checkoutsLastDay ?? { opened: 0, paid: 0 })).toBe(true);
  }, 60_000);
});
