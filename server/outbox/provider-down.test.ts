import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { listJobs } from '../db/outbox';
import { forgetPerson } from '../features/leads';
import { createForwarding } from '../forwarding';
import { createLogger } from '../logger';
import { startFakeKit } from '../providers/fake-kit';
import { createKit } from '../providers/kit';
import { createTestApp, postJson } from '../testing/app';
import { describeEachStore } from '../testing/stores';
import { type OutboxWorker, startOutboxWorker } from './worker';

const apiKey = 'kit-test-key';
const settings = {
  KIT_API_KEY: apiKey,
  KIT_FORM_ID_WAITLIST: '4242',
  KIT_FORM_ID_NEWSLETTER: '1717',
  LEAD_RATE_LIMIT: '0',
  SITE_URL: 'https://founder.example',
};
const logger = createLogger({ LOG_LEVEL: 'silent' });
const fast = { pollMs: 10, baseDelayMs: 5, maxDelayMs: 40, rateLimitPauseMs: 30, maxAttempts: 50 };

describeEachStore('forwarding to Kit while it is down', ({ store }) => {
  let kit: Awaited<ReturnType<typeof startFakeKit>>;
  let worker: OutboxWorker;
  beforeEach(async () => {
    // Fails for 15 requests, then rate-limits for 15, then recovers.
    kit = await startFakeKit(apiKey, (n) => (n < 15 ? 503 : n < 30 ? 429 : 200));
  });
  afterEach(async () => {
    await worker.stop();
    await kit.close();
  });

  it('delivers every sign-up exactly once, in the end', async () => {
    const providers = { kit: createKit({ apiKey, baseUrl: kit.url }), ownerMail: null };
    const env = { ...settings, KIT_API_URL: kit.url };
    worker = startOutboxWorker(
      store(),
      createForwarding(forwardingEnv(env), providers),
      logger,
      fast,
    );
    const app = createTestApp(store(), env, providers);

    const emails = Array.from({ length: 12 }, (_, i) => `reader${i}@example.com`);
    for (const [i, email] of emails.entries()) {
      const response = await postJson(app, '/api/subscriptions', {
        list: i % 2 ? 'waitlist' : 'newsletter',
        email,
        firstName: `Reader ${i}`,
        page: '/book',
        utm: { utm_source: 'ig', utm_campaign: 'launch' },
      });
      expect(response.status).toBe(201);
    }
    // A repeat sign-up is stored once and forwarded once.
    await postJson(app, '/api/subscriptions', { list: 'waitlist', email: emails[1] });
    worker.wake();

    await vi.waitFor(
      async () => {
        expect(await listJobs(store(), ['pending', 'failed'])).toEqual([]);
      },
      { timeout: 30_000, interval: 25 },
    );
    expect(kit.requestCount()).toBeGreaterThan(30);
    for (const [i, email] of emails.entries()) {
      const form = i % 2 ? '4242' : '1717';
      expect(kit.formAdds.get(form)?.get(email), email).toBe(1);
      expect(kit.subscribers.get(email)).toEqual({ firstName: `Reader ${i}`, state: 'inactive' });
      expect(kit.referrers.get(email)).toBe(
        'https://founder.example/book?utm_source=ig&utm_campaign=launch',
      );
    }
    const sent = await listJobs(store(), ['sent']);
    expect(sent).toHaveLength(12);
    expect(sent.some((job) => job.attempts > 1)).toBe(true);
  });

  it('erasing a person also drops their pending forwarding', async () => {
    const providers = { kit: createKit({ apiKey, baseUrl: kit.url }), ownerMail: null };
    const app = createTestApp(store(), settings, providers);
    await postJson(app, '/api/subscriptions', { list: 'waitlist', email: 'gone@example.com' });
    expect(await forgetPerson(store(), 'Gone@example.com')).toMatchObject({
      subscribers: 1,
      outboxJobs: 1,
    });
    worker = startOutboxWorker(
      store(),
      createForwarding(forwardingEnv(settings), providers),
      logger,
      fast,
    );
    worker.wake();
    expect(await listJobs(store(), ['pending', 'sent', 'failed'])).toEqual([]);
    expect(kit.requestCount()).toBe(0);
  });
});

function forwardingEnv(env: typeof settings) {
  return {
    SITE_URL: env.SITE_URL,
    KIT_FORM_ID_NEWSLETTER: env.KIT_FORM_ID_NEWSLETTER,
    KIT_FORM_ID_WAITLIST: env.KIT_FORM_ID_WAITLIST,
    KIT_FORM_ID_HANDBOOK: undefined,
  };
}
