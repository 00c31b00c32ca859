import { Hono } from 'hono';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { healthSchema } from '../contracts/health';
import { parseEnv } from './env';
import { forwardedClient } from './http/forwarded';
import { createLogger } from './logger';
import { plainHttpWatch } from './plain-http-watch';
import { createTestApp } from './testing/app';
import { siteWithRoom } from './testing/owner-session';
import { createTestDatabase } from './testing/stores';

/**
 * An https site behind a TLS proxy that is not trusted (TRUST_PROXY unset): the operator is told,
 * at start-up and in /api/health once such a request is seen, naming the variable to set.
 */

const proxyPeer = { incoming: { socket: { remoteAddress: '127.0.0.1' } } };

async function appWith(settings: Record<string, string>) {
  const lines: string[] = [];
  const logger = pino({ level: 'warn' }, { write: (line: string) => lines.push(line) });
  const database = await createTestDatabase('sqlite');
  const store = await database.open();
  const app = createTestApp(store, settings, undefined, logger, siteWithRoom);
  const health = async () =>
    healthSchema.parse(await (await app.request('/api/health', {}, proxyPeer)).json());
  /** A visit as a TLS proxy hands it on: plain HTTP from loopback, saying the visitor used https. */
  const visit = (path = '/owner/sign-in') =>
    app.request(
      `http://example.com${path}`,
      { headers: { 'X-Forwarded-Proto': 'https', 'X-Forwarded-For': '203.0.113.9' } },
      proxyPeer,
    );
  const close = async () => {
    await store.close();
    await database.drop();
  };
  return { lines, health, visit, close };
}

describe('an https site behind a proxy it does not trust', () => {
  it('says so at start-up and, once a plain request comes, in /api/health, naming TRUST_PROXY', async () => {
    const site = await appWith({ SITE_URL: 'https://example.com' });
    expect(site.lines.join('')).toContain('TRUST_PROXY');
    // A health probe over plain HTTP from the machine itself is no sign of anything.
    expect((await site.health()).warnings).toEqual([]);
    const page = await site.visit();
    expect(page.status).toBe(200);
    // HSTS all the same: the site is https, whatever the request looks like here.
    expect(page.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
    const { status, warnings } = await site.health();
    expect(status).toBe('ok');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('TRUST_PROXY');
    expect(site.lines.filter((line) => line.includes('plain-http-request'))).toHaveLength(1);
    await site.visit('/');
    // Said once in the log, not once per request.
    expect(site.lines.filter((line) => line.includes('plain-http-request'))).toHaveLength(1);
    await site.close();
  });

  it('says nothing when the proxy is trusted, or when the site itself is plain HTTP', async () => {
    const cases: Record<string, string>[] = [
      { SITE_URL: 'https://example.com', TRUST_PROXY: 'loopback' },
      { SITE_URL: 'http://example.com' },
    ];
    for (const settings of cases) {
      const site = await appWith(settings);
      await site.visit();
      expect((await site.health()).warnings, settings.SITE_URL).toEqual([]);
      expect(site.lines.join(''), JSON.stringify(settings)).not.toContain('TRUST_PROXY');
      await site.close();
    }
  });
});

describe('whether the seats can tell buyers apart (docs/decisions/034-selling-that-cannot-be-gamed.md)', () => {
  const watchOf = (settings: Record<string, string>) => {
    const env = parseEnv({ LOG_LEVEL: 'silent', ...settings });
    const clientOf = forwardedClient(env.TRUST_PROXY);
    const watch = plainHttpWatch(env, createLogger(env), clientOf, '/api/health');
    const app = new Hono().use(watch.middleware).get('*', (c) => c.text('page'));
    const from = (peer: string) =>
      app.request('http://example.com/', {}, { incoming: { socket: { remoteAddress: peer } } });
    return { watch, from };
  };

  it('cannot while the settings say the proxy in front is not believed', () => {
    expect(watchOf({ SITE_URL: 'https://example.com' }).watch.buyersApart()).toBe(false);
    expect(watchOf({ SITE_URL: 'http://example.com' }).watch.buyersApart()).toBe(true);
  });

  it('stops once plain HTTP comes from a peer a proxy could be, and not for a public one', async () => {
    // TRUST_PROXY names another address than the proxy's.
    const site = watchOf({ SITE_URL: 'https://example.com', TRUST_PROXY: '10.9.9.9' });
    expect(site.watch.buyersApart()).toBe(true);
    // A visitor who reaches the port itself cannot switch the caps off for everyone.
    await site.from('203.0.113.9');
    expect(site.watch.buyersApart()).toBe(true);
    await site.from('10.0.0.5');
    expect(site.watch.buyersApart()).toBe(false);
  });
});
