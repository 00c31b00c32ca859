import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../testing/app';
import { applyingSite } from '../testing/cohort';
import { describeEachStore } from '../testing/stores';
import { loggedPath, type TokenPath, tokenPlaceholder } from './request-log';

/**
 * The request log writes no token a path carries (docs/decisions/034-selling-that-cannot-be-gamed.md):
 * whoever reads the logs must not be able to open an offer's link, or take a share link's bonus,
 * from a log line. Each token route is asked through the whole app, and every line it logged is
 * read for the secret.
 */

const offerId = '3b0c8a52-6f0e-4c3a-9d7e-2f1f5c8e9a10';
const origin = 'http://sellablebusiness.localhost';
/** An offer link's shape (a whole, signed one is asked in server/features/cohort/logged-links.test.ts). */
const signature = 'k3Jd9_x-QpL0aZ7mW2vB5c';
const offerLink = `${origin}/go/offer/${offerId}.${signature}`;
const shareCode = 'Zx9_Qw3-Lk7P';

/** The app with its log lines kept, as index.ts builds it. */
function loggingApp(store: Parameters<typeof createTestApp>[0]) {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  const logger = pino({ level: 'trace', base: undefined }, sink);
  const app = createTestApp(store, {}, undefined, logger, applyingSite());
  return { app, lines };
}

describeEachStore('the request log and the paths that carry a token', ({ store }) => {
  it('writes an offer link with its offer id alone, whatever its signature, whole or cut short', async () => {
    const { app, lines } = loggingApp(store());
    const truncated = offerLink.slice(0, -7);
    const forged = `${origin}/go/offer/${offerId}.${'A'.repeat(22)}`;
    for (const link of [offerLink, truncated, forged]) {
      expect((await app.request(link)).status).toBe(303);
    }
    // A segment not shaped as a link may be part of one: none of it is written.
    await app.request(`${origin}/go/offer/${signature}`);
    const requests = lines.map((line) => JSON.parse(line)).filter((line) => line.msg === 'request');
    expect(requests.map((line) => line.path)).toEqual([
      `/go/offer/${offerId}`,
      `/go/offer/${offerId}`,
      `/go/offer/${offerId}`,
      `/go/offer/${tokenPlaceholder}`,
    ]);
    for (const line of lines) {
      expect(line).not.toContain(signature);
      expect(line).not.toContain(signature.slice(0, 10));
    }
  });

  it('writes a share link’s calls without their code', async () => {
    const { app, lines } = loggingApp(store());
    // Unknown codes (404) are logged as known ones are: the code may still be someone's.
    expect((await app.request(`/api/referrals/${shareCode}`)).status).toBe(404);
    expect((await app.request(`/api/referrals/${shareCode}/bonus`)).status).toBe(404);
    const paths = lines
      .map((line) => JSON.parse(line))
      .filter((line) => line.msg === 'request')
      .map((line) => line.path);
    expect(paths).toEqual([
      `/api/referrals/${tokenPlaceholder}`,
      `/api/referrals/${tokenPlaceholder}/bonus`,
    ]);
    for (const line of lines) expect(line).not.toContain(shareCode);
  });
});

describe('loggedPath', () => {
  const tokenPaths: TokenPath[] = [
    { prefix: '/go/offer/', logged: (rest) => rest.split('.')[0] ?? tokenPlaceholder },
  ];

  it('leaves every other path as it came', () => {
    expect(loggedPath('/go/workshop', tokenPaths)).toBe('/go/workshop');
    expect(loggedPath('/offer', tokenPaths)).toBe('/offer');
    expect(loggedPath('/go/offers', tokenPaths)).toBe('/go/offers');
  });

  it('catches a token route however its path is spelt', () => {
    expect(loggedPath('/go/offer/id.secret', tokenPaths)).toBe('/go/offer/id');
    expect(loggedPath('/GO/Offer/id.secret', tokenPaths)).toBe('/go/offer/id');
    expect(loggedPath('//go//offer/id.secret', tokenPaths)).toBe('/go/offer/id');
  });
});
