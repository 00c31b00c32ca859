import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { type ServerType, serve } from '@hono/node-server';
import type { Hono } from 'hono';
import { parse } from 'yaml';
import { workshopDelivery } from '../../contracts/content/workshop';
import type { WorkshopCheckout } from '../../contracts/render-slices';
import { buildPaths } from '../build-paths';
import type { Site } from '../site';
import { type FakeStripe, startFakeStripe } from './fake-stripe';
import { testSite } from './site';
import { testWebhookSecret } from './stripe';

/**
 * The workshop's checkout as the tests and `npm run bench:seats` click it: a site selling the
 * given sessions with the content's own words (content/workshop.yaml `delivery`), and a click on
 * /go/workshop from the workshop's page by a browser at its own address, through a trusted proxy
 * (TRUST_PROXY=loopback), as behind the site's Caddy.
 */

/** The key the app is given, which the stand-in Stripe checks. */
export const standInStripeKey = 'sk_test_51StandInKeyForTheSeatsTests0000';

/** The settings of an app that makes its own Checkout Sessions at the stand-in at `apiUrl`. */
export const ownCheckoutSettings = (apiUrl: string): Record<string, string> => ({
  STRIPE_SECRET_KEY: standInStripeKey,
  STRIPE_API_URL: apiUrl,
  TRUST_PROXY: 'loopback',
});

const delivery = workshopDelivery.parse(
  (
    parse(readFileSync(join(buildPaths.root, 'content', 'workshop.yaml'), 'utf8')) as {
      delivery: unknown;
    }
  ).delivery,
);

/** A session as the render gives it: `seats` at £49, on sale from now. */
export function soldSession(id: string, start: string, seats: number): WorkshopCheckout {
  return {
    id,
    start,
    price: { amount: 49, currency: 'GBP' },
    seats,
    checkout: `https://buy.stripe.com/test_${id.replace(/-/g, '_')}`,
  };
}

/** A site whose workshop page sells `sessions`. */
export function workshopSite(sessions: readonly WorkshopCheckout[]): Site {
  return testSite({
    sales: { workshopSessions: [...sessions], pageCheckouts: new Map() },
    workshop: { sessions: new Map(sessions.map((session) => [session.id, session])), delivery },
  });
}

const browser =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

/**
 * What a current browser sends when a person clicks the workshop page's button: the only kind of
 * request that holds a seat (docs/decisions/034-selling-that-cannot-be-gamed.md).
 */
export const personsClick = {
  'User-Agent': browser,
  Referer: 'http://localhost/assetworkshop',
  'Sec-Fetch-Site': 'same-origin',
  'Sec-Fetch-Mode': 'navigate',
  'Sec-Fetch-Dest': 'document',
  'Sec-Fetch-User': '?1',
} as const;

/**
 * A person's click sent to a server listening on a port: by node:http, since Node's fetch
 * (undici) always says `Sec-Fetch-Mode: cors`, which no click of a link does. Answers the status
 * and the redirect's Location, not followed.
 */
export function clickAsPerson(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; location: string }> {
  return new Promise((resolve, reject) => {
    const sent = request(url, { headers: { ...personsClick, ...headers } }, (answer) => {
      answer.resume();
      answer.on('end', () =>
        resolve({ status: answer.statusCode ?? 0, location: answer.headers.location ?? '' }),
      );
    });
    sent.on('error', reject);
    sent.end();
  });
}

/** A click on the workshop page's button by the browser at `client`. */
export function clickCheckout(app: Hono, client: string, query = '') {
  return app.request(
    `http://localhost/go/workshop${query}`,
    {
      headers: {
        'User-Agent': browser,
        Referer: 'http://localhost/assetworkshop?utm_source=ig',
        'X-Forwarded-For': client,
      },
    },
    { incoming: { socket: { remoteAddress: '127.0.0.1' } } },
  );
}

/** One click's answer, and how long it took from being sent to being answered. */
export interface ClickAnswer {
  status: number;
  location: string;
  ms: number;
}

/**
 * `clicks` clicks at once, each from an address of its own (198.18.0.0/15, the benchmarking
 * range), spread over `apps` in turn (two instances behind one balancer), all for `query`.
 */
export function clickAtOnce(
  apps: readonly Hono[],
  clicks: number,
  query: string,
): Promise<ClickAnswer[]> {
  return Promise.all(
    Array.from({ length: clicks }, async (_, i) => {
      const app = apps[i % apps.length] as Hono;
      const client = `198.${18 + (i >> 16)}.${(i >> 8) & 255}.${i & 255}`;
      const sent = performance.now();
      const response = await clickCheckout(app, client, query);
      return {
        status: response.status,
        location: response.headers.get('location') ?? '',
        ms: performance.now() - sent,
      };
    }),
  );
}

/** The figures of a burst of clicks: how many, their answers, the time per click. */
export function clickFigures(answers: readonly ClickAnswer[], sessionsMade: number) {
  const times = answers.map((answer) => answer.ms).sort((a, b) => a - b);
  const p99 = times[Math.min(times.length - 1, Math.ceil(times.length * 0.99) - 1)] ?? 0;
  return {
    clicks: answers.length,
    sessionsMade,
    soldOut: answers.filter((answer) => answer.location.endsWith('/sold-out')).length,
    meanMs: times.reduce((sum, ms) => sum + ms, 0) / Math.max(1, times.length),
    p99Ms: p99,
  };
}

/** An app listening on a port of its own, and the stand-in Stripe posting its events to it. */
export interface AppWithStandInStripe {
  app: Hono;
  stripe: FakeStripe;
  /** Stops both. */
  stop(): Promise<void>;
}

/**
 * The app `appOf` makes for the stand-in, listening on 127.0.0.1, with the stand-in Stripe
 * sending its signed events to the app's own webhook (/api/stripe/webhook), as Stripe would: for
 * the tests that follow a payment from the checkout to what its events change.
 */
export async function appWithStandInStripe(
  appOf: (stripe: FakeStripe) => Hono,
): Promise<AppWithStandInStripe> {
  let app: Hono | undefined;
  let server: ServerType | undefined;
  const port = await new Promise<number>((resolve) => {
    server = serve(
      {
        fetch: (request, env) => (app as Hono).fetch(request, env),
        port: 0,
        hostname: '127.0.0.1',
      },
      (info: AddressInfo) => resolve(info.port),
    );
  });
  const stripe = await startFakeStripe({
    apiKey: standInStripeKey,
    webhookUrl: `http://127.0.0.1:${port}/api/stripe/webhook`,
    webhookSecret: testWebhookSecret,
    webhookRetryMs: 10,
  });
  app = appOf(stripe);
  return {
    app,
    stripe,
    async stop() {
      await stripe.stop();
      await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    },
  };
}
