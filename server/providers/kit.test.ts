import { afterEach, describe, expect, it } from 'vitest';
import { type FakeKitScript, startFakeKit } from './fake-kit';
import { createKit } from './kit';

const subscription = {
  email: 'ada@example.com',
  firstName: 'Ada',
  formId: '42',
  referrer: 'https://founder.example/book?utm_source=ig',
};

describe('Kit client', () => {
  let kit: Awaited<ReturnType<typeof startFakeKit>> | undefined;
  afterEach(() => kit?.close());

  async function subscribeWith(script: FakeKitScript, apiKey = 'key') {
    kit = await startFakeKit('key', script);
    return createKit({ apiKey, baseUrl: kit.url }).subscribe(subscription);
  }

  it('creates the subscriber with the first name, then adds them to the form with the referrer', async () => {
    await subscribeWith(() => 200);
    expect(kit?.subscribers.get('ada@example.com')).toEqual({ firstName: 'Ada' });
    expect(kit?.formAdds.get('42')?.get('ada@example.com')).toBe(1);
    expect(kit?.referrers.get('ada@example.com')).toBe(subscription.referrer);
  });

  it('reports a 429 as rate limited, without a Retry-After as Kit sends none', async () => {
    await expect(subscribeWith(() => 429)).rejects.toMatchObject({
      rateLimited: true,
      permanent: false,
      retryAfterMs: undefined,
    });
  });

  it('reports 5xx as temporary and a refused key as permanent', async () => {
    await expect(subscribeWith(() => 503)).rejects.toMatchObject({ permanent: false });
    await kit?.close();
    await expect(subscribeWith(() => 200, 'wrong')).rejects.toMatchObject({
      permanent: true,
      message: 'Kit answered 401',
    });
  });

  it('reports an unreachable Kit as temporary', async () => {
    const unreachable = createKit({ apiKey: 'key', baseUrl: 'http://127.0.0.1:9' });
    await expect(unreachable.subscribe(subscription)).rejects.toMatchObject({ permanent: false });
  });
});
