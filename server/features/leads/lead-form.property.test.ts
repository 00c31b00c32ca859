import fc from 'fast-check';
import { expect, it } from 'vitest';
import { apiErrorSchema } from '../../../contracts/api-error';
import { createTestApp, post } from '../../testing/app';
import { hostileEndpoints, malformedBodies } from '../../testing/hostile-bodies';
import { countRows, describeEachStore } from '../../testing/stores';

/**
 * Property: whatever malformed body arrives, the answer is a 4xx with a JSON `error`, and nothing
 * is stored or queued.
 */

for (const endpoint of hostileEndpoints) {
  describeEachStore(`malformed bodies: ${endpoint.path}`, ({ store }) => {
    // The site a form is served on: the cohort's application form is content.
    const site = 'site' in endpoint ? endpoint.site() : undefined;

    it('takes its valid body, so the bodies below are refused for what is wrong with them', async () => {
      const app = createTestApp(store(), { LEAD_RATE_LIMIT: '0' }, undefined, undefined, site);
      const response = await post(app, endpoint.path, JSON.stringify(endpoint.valid), {
        headers: { 'Content-Type': 'application/json' },
      });
      expect(response.status).toBe(201);
    });

    it('each get a 4xx JSON error and nothing is stored (1,000 bodies)', async () => {
      const app = createTestApp(store(), { LEAD_RATE_LIMIT: '0' }, undefined, undefined, site);
      await fc.assert(
        fc.asyncProperty(malformedBodies(endpoint), async (body) => {
          const response = await post(app, endpoint.path, body, {
            headers: { 'Content-Type': 'application/json' },
          });
          expect(response.status).toBeGreaterThanOrEqual(400);
          expect(response.status).toBeLessThan(500);
          expect(apiErrorSchema.safeParse(await response.json()).success).toBe(true);
        }),
        { numRuns: 1000 },
      );
      expect(await countRows(store(), endpoint.table)).toBe(0);
      expect(await countRows(store(), 'outbox_jobs')).toBe(0);
    });

    it('each get 415 for any other content type (200 bodies)', async () => {
      const app = createTestApp(store(), { LEAD_RATE_LIMIT: '0' }, undefined, undefined, site);
      const otherType = fc
        .stringMatching(/^[a-z]{1,12}\/[a-z0-9.+-]{1,20}$/)
        .filter(
          (type) => type !== 'application/json' && type !== 'application/x-www-form-urlencoded',
        );
      await fc.assert(
        fc.asyncProperty(otherType, async (type) => {
          const response = await post(app, endpoint.path, JSON.stringify(endpoint.valid), {
            headers: { 'Content-Type': type },
          });
          expect(response.status).toBe(415);
          expect(apiErrorSchema.safeParse(await response.json()).success).toBe(true);
        }),
        { numRuns: 200 },
      );
      expect(await countRows(store(), endpoint.table)).toBe(0);
    });
  });
}
