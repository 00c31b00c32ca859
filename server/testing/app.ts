import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import type { Hono } from 'hono';
import { expect } from 'vitest';
import { apiErrorSchema } from '../../contracts/api-error';
import { proofOfWorkChallengeSchema } from '../../contracts/proof-of-work';
import { siteOrigins } from '../../contracts/sites';
import { createApp } from '../app';
import type { Store } from '../db/store';
import { namedHosts, parseEnv } from '../env';
import type { Exposures } from '../features/experiments';
import type { Publisher } from '../features/room';
import { createForwarding } from '../forwarding';
import { createLogger, type Logger } from '../logger';
import type { Providers } from '../outbox/forwarding';
import type { PageViewCounter } from '../page-views/counter';
import { checkoutSessionsFromEnv } from '../providers/from-env';
import type { Site } from '../site';
import { testSite } from './site';

/** The server secret the test app signs and hashes with (the IP hash key in production). */
export const testIpHashKey = 'test-ip-hash-key';

/** The app as index.ts builds it; without a `site`, minus the built pages (API tests need none). */
export function createTestApp(
  store: Store,
  settings: Record<string, string> = {},
  providers: Providers = { kit: null, ownerMail: null },
  logger?: Logger,
  site: Site = testSite(),
  counting: { pageViews?: PageViewCounter; exposures?: Exposures } = {},
  publisher?: Publisher,
) {
  const env = parseEnv({ LOG_LEVEL: 'silent', SITE_URL: 'http://localhost', ...settings });
  const log = logger ?? createLogger(env);
  return createApp({
    env,
    logger: log,
    // Our own Checkout Sessions with STRIPE_SECRET_KEY (STRIPE_API_URL: the stand-in), as at boot.
    stripe: checkoutSessionsFromEnv(env, log),
    site,
    store,
    // As index.ts makes it: the jobs read the served site, and sign offer links as the app reads them.
    forwarding: createForwarding(env, providers, {
      served: () => site,
      links: { origins: siteOrigins(env.SITE_URL, namedHosts(env)), serverSecret: testIpHashKey },
    }),
    ipHashKey: testIpHashKey,
    proofOfWorkKey: 'test-proof-of-work-key',
    ...counting,
    publisher,
  });
}

export interface PostOptions {
  headers?: Record<string, string>;
  /** The connection's peer address (what @hono/node-server passes as `incoming`). */
  address?: string;
}

/** POSTs a JSON body (an object, or a raw string sent as is). */
export function postJson(app: Hono, path: string, body: unknown, options: PostOptions = {}) {
  return post(app, path, typeof body === 'string' ? body : JSON.stringify(body), {
    ...options,
    headers: { 'Content-Type': 'application/json', ...options.headers },
  });
}

/** POSTs the way a native HTML form does before the JavaScript has loaded. */
export function postForm(
  app: Hono,
  path: string,
  fields: Record<string, string>,
  options: PostOptions = {},
) {
  return post(app, path, new URLSearchParams(fields).toString(), {
    ...options,
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...options.headers },
  });
}

export function post(app: Hono, path: string, body: BodyInit, options: PostOptions = {}) {
  return app.request(
    path,
    { method: 'POST', body, headers: options.headers },
    { incoming: { socket: { remoteAddress: options.address ?? '203.0.113.7' } } },
  );
}

/** Every error answer: the status, JSON with an `error` string, and never cached. */
export async function expectApiError(response: Response, status: number) {
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  expect(response.headers.get('cache-control')).toBe('no-store');
  return apiErrorSchema.parse(await response.json());
}

/** What a browser sends after solving the app's proof-of-work challenge (base64 JSON). */
export async function solvedProof(app: Hono): Promise<string> {
  const response = await app.request('/api/proof-of-work');
  const challenge = proofOfWorkChallengeSchema.parse(await response.json());
  const solution = await solveChallenge({ challenge, deriveKey });
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}
