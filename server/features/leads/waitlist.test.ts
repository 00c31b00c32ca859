import { expect, it } from 'vitest';
import { waitlistRemainingSchema } from '../../../contracts/waitlist';
import { createTestApp, expectApiError, postJson } from '../../testing/app';
import { describeEachStore } from '../../testing/stores';

describeEachStore('GET /api/waitlist/remaining', ({ store }) => {
  it('is capacity minus waitlist sign-ups in live mode, never below zero', async () => {
    const app = createTestApp(store(), {
      SPACES_COUNTER_MODE: 'live',
      WAITLIST_CAPACITY: '3',
      LEAD_RATE_LIMIT: '0',
    });
    const remaining = async () => {
      const response = await app.request('/api/waitlist/remaining');
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('no-store');
      return waitlistRemainingSchema.parse(await response.json());
    };
    expect(await remaining()).toEqual({ remaining: 3, capacity: 3 });
    await postJson(app, '/api/subscriptions', { list: 'waitlist', email: 'a@example.com' });
    await postJson(app, '/api/subscriptions', { list: 'newsletter', email: 'b@example.com' });
    await postJson(app, '/api/subscriptions', { list: 'waitlist', email: 'a@example.com' });
    expect(await remaining()).toEqual({ remaining: 2, capacity: 3 });
    for (const n of [1, 2, 3]) {
      await postJson(app, '/api/subscriptions', { list: 'waitlist', email: `w${n}@example.com` });
    }
    expect(await remaining()).toEqual({ remaining: 0, capacity: 3 });
  });

  it('is not published while the counter is simulated (product decision D11)', async () => {
    const app = createTestApp(store());
    await expectApiError(await app.request('/api/waitlist/remaining'), 404);
  });
});
