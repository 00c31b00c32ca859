import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { type FakeKitScript, startFakeKit } from './fake-kit';
import { callKit, createKit } from './kit';

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
    expect(kit?.subscribers.get('ada@example.com')).toMatchObject({ firstName: 'Ada' });
    expect(kit?.formAdds.get('42')?.get('ada@example.com')).toBe(1);
    expect(kit?.referrers.get('ada@example.com')).toBe(subscription.referrer);
  });

  it('creates a new subscriber inactive, so the double opt-in form sends its confirmation', async () => {
    await subscribeWith(() => 200);
    expect(kit?.subscribers.get('ada@example.com')?.state).toBe('inactive');
    expect(kit?.confirmations.get('ada@example.com')).toBe(1);
  });

  it('leaves an existing subscriber as they are', async () => {
    kit = await startFakeKit('key');
    kit.subscribers.set('ada@example.com', { firstName: 'Ada', state: 'active' });
    await createKit({ apiKey: 'key', baseUrl: kit.url }).subscribe(subscription);
    expect(kit.subscribers.get('ada@example.com')?.state).toBe('active');
  });

  it('never follows a redirect with its API key', async () => {
    const keysSeen: Array<string | undefined> = [];
    const elsewhere = createServer((request, response) => {
      keysSeen.push(request.headers['x-kit-api-key'] as string | undefined);
      response.writeHead(200).end('{}');
    });
    await new Promise<void>((resolve) => elsewhere.listen(0, '127.0.0.1', resolve));
    const target = `http://127.0.0.1:${(elsewhere.address() as AddressInfo).port}`;
    const redirecting = createServer((request, response) => {
      response.writeHead(307, { Location: `${target}${request.url}` }).end();
    });
    await new Promise<void>((resolve) => redirecting.listen(0, '127.0.0.1', resolve));
    const baseUrl = `http://127.0.0.1:${(redirecting.address() as AddressInfo).port}`;
    try {
      await expect(createKit({ apiKey: 'key', baseUrl }).subscribe(subscription)).rejects.toThrow();
      expect(keysSeen).toEqual([]);
    } finally {
      redirecting.close();
      elsewhere.close();
    }
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

  it("puts Kit's words for a refusal in the error only when asked, for the owner's terminal", async () => {
    const refusing = createServer((_request, response) => {
      response.writeHead(422).end('Url must be public\u0007\n  (ada@example.com)');
    });
    await new Promise<void>((resolve) => refusing.listen(0, '127.0.0.1', resolve));
    const options = {
      apiKey: 'key',
      baseUrl: `http://127.0.0.1:${(refusing.address() as AddressInfo).port}`,
    };
    try {
      await expect(callKit(options, '/v4/webhook_endpoints', {}, { detail: true })).rejects.toThrow(
        /^Kit answered 422: Url must be public \(ada@example\.com\)$/,
      );
      // Without, as the outbox calls it: nothing of the subscriber reaches a log line.
      await expect(createKit(options).subscribe(subscription)).rejects.toThrow(
        /^Kit answered 422$/,
      );
    } finally {
      refusing.close();
    }
  });
});
