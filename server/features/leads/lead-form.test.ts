import { describe, expect, it } from 'vitest';
import { maxBodyBytes } from '../../http/lead-form';
import { returnPath } from '../../http/same-origin';
import { createTestApp, expectApiError, post, postForm, postJson } from '../../testing/app';
import { countRows, describeEachStore } from '../../testing/stores';

/** Both endpoints share one form path; every behaviour is checked on each. */
const endpoints = [
  {
    path: '/api/contact-submissions',
    table: 'contact_submissions',
    valid: { name: 'Ada', email: 'ada@example.com', message: 'Hello' },
  },
  {
    path: '/api/subscriptions',
    table: 'subscribers',
    valid: { list: 'newsletter', email: 'ada@example.com' },
  },
] as const;

for (const { path, table, valid } of endpoints) {
  describeEachStore(`lead form path: ${path}`, ({ store }) => {
    const rows = () => countRows(store(), table);
    const asForm = (extra: Record<string, string> = {}) => ({
      form: 'lead-form',
      ...valid,
      ...extra,
    });

    it('answers 415 for a content type other than JSON or a form post', async () => {
      const app = createTestApp(store());
      for (const type of ['text/plain', 'multipart/form-data; boundary=x', 'application/xml']) {
        await expectApiError(
          await post(app, path, JSON.stringify(valid), { headers: { 'Content-Type': type } }),
          415,
        );
      }
      await expectApiError(await post(app, path, JSON.stringify(valid)), 415);
      expect(await rows()).toBe(0);
    });

    it('accepts JSON with a charset parameter', async () => {
      const app = createTestApp(store());
      const response = await post(app, path, JSON.stringify(valid), {
        headers: { 'Content-Type': 'application/json; charset=utf-8' },
      });
      expect(response.status).toBe(201);
    });

    it('answers 400 for malformed JSON', async () => {
      const app = createTestApp(store());
      const error = await expectApiError(await postJson(app, path, '{"email": '), 400);
      expect(error.error).toBe('Malformed JSON.');
      await expectApiError(await postJson(app, path, ''), 400);
      expect(await rows()).toBe(0);
    });

    it('answers 400 for a body that is not UTF-8', async () => {
      const app = createTestApp(store());
      const bytes = new Uint8Array([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x7d]);
      await expectApiError(
        await post(app, path, bytes, { headers: { 'Content-Type': 'application/json' } }),
        400,
      );
    });

    it('answers 413 for an oversized body, declared or chunked', async () => {
      const app = createTestApp(store());
      const big = JSON.stringify({ ...valid, padding: 'x'.repeat(maxBodyBytes) });
      await expectApiError(await postJson(app, path, big), 413);

      // A stream has no Content-Length: the limit must hold while reading.
      const chunk = new TextEncoder().encode('x'.repeat(8192));
      let sent = 0;
      const stream = new ReadableStream<Uint8Array>({
        pull(controller) {
          sent += chunk.byteLength;
          if (sent > maxBodyBytes * 4) controller.close();
          else controller.enqueue(chunk);
        },
      });
      const response = await app.request(path, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: stream,
        duplex: 'half',
      } as RequestInit);
      await expectApiError(response, 413);
      // It stopped reading soon after the limit instead of taking the whole stream.
      expect(sent).toBeLessThan(maxBodyBytes * 2);
      expect(await rows()).toBe(0);
    });

    it('answers 429 with Retry-After when one client sends too many', async () => {
      const app = createTestApp(store(), { LEAD_RATE_LIMIT: '3' });
      for (let i = 0; i < 3; i++) {
        expect((await postJson(app, path, { ...valid, email: `p${i}@example.com` })).status).toBe(
          201,
        );
      }
      const limited = await postJson(app, path, { ...valid, email: 'p4@example.com' });
      await expectApiError(limited, 429);
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
      // Another client is not affected.
      const other = await postJson(app, path, valid, { address: '198.51.100.9' });
      expect(other.status).toBe(201);
      expect(await rows()).toBe(4);
    });

    it('counts malformed posts against the budget too', async () => {
      const app = createTestApp(store(), { LEAD_RATE_LIMIT: '2' });
      await postJson(app, path, '{');
      await postJson(app, path, '{');
      await expectApiError(await postJson(app, path, valid), 429);
    });

    it('keys the limit on X-Forwarded-For only from a trusted proxy', async () => {
      const spoofed = (i: number) => ({ headers: { 'X-Forwarded-For': `192.0.2.${i}` } });
      const direct = createTestApp(store(), { LEAD_RATE_LIMIT: '1' });
      expect((await postJson(direct, path, valid, spoofed(1))).status).toBe(201);
      // A forged header does not buy a fresh budget.
      await expectApiError(await postJson(direct, path, valid, spoofed(2)), 429);

      const proxied = createTestApp(store(), { LEAD_RATE_LIMIT: '1', TRUST_PROXY: 'loopback' });
      const viaProxy = (client: string) => ({
        headers: { 'X-Forwarded-For': `10.9.9.9, ${client}` },
        address: '127.0.0.1',
      });
      expect((await postJson(proxied, path, valid, viaProxy('192.0.2.1'))).status).toBeLessThan(
        300,
      );
      expect((await postJson(proxied, path, valid, viaProxy('192.0.2.2'))).status).toBeLessThan(
        300,
      );
      await expectApiError(await postJson(proxied, path, valid, viaProxy('192.0.2.1')), 429);
      // A client that reaches the server directly, not through the proxy, cannot choose.
      const bypass = (client: string) => ({
        headers: { 'X-Forwarded-For': client },
        address: '198.51.100.9',
      });
      expect((await postJson(proxied, path, valid, bypass('192.0.2.3'))).status).toBe(201);
      await expectApiError(await postJson(proxied, path, valid, bypass('192.0.2.4')), 429);
    });

    it('gives a honeypot hit a normal-looking success and stores nothing', async () => {
      const app = createTestApp(store());
      const json = await postJson(app, path, { ...valid, company_website: 'http://spam.example' });
      expect(json.status).toBe(201);
      expect(await json.json()).toEqual({ id: expect.any(String) });
      // Even an otherwise invalid bot post looks accepted.
      expect((await postJson(app, path, { company_website: 'x' })).status).toBe(201);

      const form = await postForm(app, path, asForm({ company_website: 'spam' }), {
        headers: { Referer: 'http://localhost/' },
      });
      expect(form.status).toBe(303);
      expect(form.headers.get('location')).toBe('/#lead-form-success');
      expect(await rows()).toBe(0);
      expect(await countRows(store(), 'outbox_jobs')).toBe(0);
    });

    it('accepts only same-origin browser posts', async () => {
      const app = createTestApp(store(), {
        LEAD_RATE_LIMIT: '0',
        WAITLIST_HOST: 'waitlist.example',
      });
      const accepted: Record<string, string>[] = [
        { Origin: 'http://localhost' },
        { 'Sec-Fetch-Site': 'same-origin' },
        { 'Sec-Fetch-Site': 'none' },
        {}, // curl and other non-browser clients
      ];
      for (const headers of accepted) {
        expect((await postJson(app, path, valid, { headers })).status).toBeLessThan(300);
      }
      const rejected: Record<string, string>[] = [
        { Origin: 'https://evil.example' },
        { Origin: 'null' },
        { Origin: 'https://localhost' },
        { Origin: 'http://localhost:8080' },
        // Another of the site's own hosts is still another origin.
        { Origin: 'http://waitlist.example' },
        { 'Sec-Fetch-Site': 'cross-site' },
        { 'Sec-Fetch-Site': 'same-site' },
      ];
      for (const headers of rejected) {
        await expectApiError(await postJson(app, path, valid, { headers }), 403);
        await expectApiError(await postForm(app, path, asForm(), { headers }), 403);
      }
    });

    it('accepts its own pages behind a proxy that terminates TLS, with TRUST_PROXY unset', async () => {
      // The proxy hands the request on as plain http; the browser's page was https.
      const app = createTestApp(store(), {
        LEAD_RATE_LIMIT: '0',
        SITE_URL: 'https://example.org',
        WAITLIST_HOST: 'waitlist.example.org',
      });
      for (const host of ['example.org', 'waitlist.example.org', 'www.waitlist.example.org']) {
        const url = `http://${host}${path}`;
        const origin = `https://${host}`;
        expect((await postJson(app, url, valid, { headers: { Origin: origin } })).status).toBe(201);
        const native = await postForm(app, url, asForm(), {
          headers: { Origin: origin, Referer: `${origin}/book?utm_source=ig` },
        });
        expect(native.headers.get('location')).toBe('/book?utm_source=ig#lead-form-success');
      }
      for (const origin of ['https://evil.example', 'https://waitlist.example.org']) {
        await expectApiError(
          await postJson(app, `http://example.org${path}`, valid, { headers: { Origin: origin } }),
          403,
        );
      }
    });

    it('answers a native form post with 303 back to its page and the message in view', async () => {
      const app = createTestApp(store());
      const ok = await postForm(app, path, asForm(), {
        headers: { Origin: 'http://localhost', Referer: 'http://localhost/book?utm_source=ig#top' },
      });
      expect(ok.status).toBe(303);
      expect(ok.headers.get('location')).toBe('/book?utm_source=ig#lead-form-success');
      expect(await rows()).toBe(1);

      const bad = await postForm(app, path, asForm({ email: 'nope' }), {
        headers: { Referer: 'http://localhost/book' },
      });
      expect(bad.status).toBe(303);
      expect(bad.headers.get('location')).toBe('/book#lead-form-error');
      expect(await rows()).toBe(1);
    });

    it('redirects a rate-limited form post to its error message', async () => {
      const app = createTestApp(store(), { LEAD_RATE_LIMIT: '1' });
      await postForm(app, path, asForm());
      const limited = await postForm(app, path, asForm(), {
        headers: { Referer: 'http://localhost/' },
      });
      expect(limited.status).toBe(303);
      expect(limited.headers.get('location')).toBe('/#lead-form-error');
    });

    it('never redirects to another site', async () => {
      const app = createTestApp(store(), { LEAD_RATE_LIMIT: '0' });
      for (const referer of [
        'https://evil.example/x',
        'http://localhost.evil.example/',
        'nonsense',
      ]) {
        const response = await postForm(app, path, asForm(), { headers: { Referer: referer } });
        expect(response.headers.get('location')).toBe('/#lead-form-success');
      }
      const none = await postForm(app, path, asForm());
      expect(none.headers.get('location')).toBe('/#lead-form-success');
    });

    it('answers 400 JSON for a form post without a valid form id', async () => {
      const app = createTestApp(store(), { LEAD_RATE_LIMIT: '0' });
      for (const form of ['', 'Form', '1form', 'a'.repeat(41), 'x/../y']) {
        const error = await expectApiError(await postForm(app, path, { ...valid, form }), 400);
        expect(error.fields).toHaveProperty('form');
      }
      expect(await rows()).toBe(0);
    });

    it('answers 405 to other methods', async () => {
      const app = createTestApp(store());
      const response = await app.request(path, { method: 'PUT' });
      await expectApiError(response, 405);
      expect(response.headers.get('allow')).toBe('POST');
    });
  });
}

describe('returnPath', () => {
  it('keeps path and query of a same-origin page and nothing else', () => {
    const own = 'http://localhost';
    expect(returnPath('http://localhost/a/b?c=d#e', own)).toBe('/a/b?c=d');
    expect(returnPath('http://localhost//evil.example/x', own)).toBe('/evil.example/x');
    expect(returnPath('https://localhost/a', own)).toBe('/');
    expect(returnPath('/relative', own)).toBe('/');
    expect(returnPath(undefined, own)).toBe('/');
  });
});
