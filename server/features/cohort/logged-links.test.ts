import { Writable } from 'node:stream';
import pino from 'pino';
import { expect, it } from 'vitest';
import { createTestApp, testIpHashKey } from '../../testing/app';
import { applyingSite } from '../../testing/cohort';
import { seedApplication } from '../../testing/cohort-applications';
import { seedOffer } from '../../testing/cohort-offers';
import { describeEachStore } from '../../testing/stores';
import { offerLinks } from './offer-links';

/**
 * A real offer's link, opened through the whole app, is logged with its offer id and never its
 * signature (server/http/request-log.ts, docs/decisions/034-selling-that-cannot-be-gamed.md):
 * nobody who reads the logs can open it. Every line it makes is read, the handler's own too.
 */
describeEachStore('an offer’s link in the logs', ({ store }) => {
  it('is written with its offer id alone, on every line its request makes', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(...String(chunk).split('\n').filter(Boolean));
        done();
      },
    });
    const logger = pino({ level: 'trace', base: undefined }, sink);
    const app = createTestApp(store(), {}, undefined, logger, applyingSite());
    const offer = await seedOffer(store(), {
      applicationId: await seedApplication(store(), { email: 'ada@example.com' }),
      intake: '2027-01-11',
    });
    const link = offerLinks(testIpHashKey).link('http://sellablebusiness.localhost', offer);
    const signature = link.split('.').at(-1) ?? '';
    // No Stripe key in this app: the link says try again, and the server logs why.
    expect((await app.request(link)).status).toBe(303);
    const request = lines.map((line) => JSON.parse(line)).find((line) => line.msg === 'request');
    expect(request?.path).toBe(`/go/offer/${offer}`);
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines) expect(line).not.toContain(signature);
  });
});
