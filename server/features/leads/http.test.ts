import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { maxBodyBytes } from '../../http/lead-form';
import { createTestApp } from '../../testing/app';
import { countRows, describeEachStore } from '../../testing/stores';

/**
 * The API behind the real Node HTTP server, as index.ts runs it: the peer address comes from the
 * socket, and a chunked body has no Content-Length to check up front.
 */
describeEachStore('over HTTP', ({ store }) => {
  let server: ReturnType<typeof serve>;
  let port: number;
  beforeEach(async () => {
    const app = createTestApp(store(), { LEAD_RATE_LIMIT: '2' });
    await new Promise<void>((resolve) => {
      server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) => {
        port = info.port;
        resolve();
      });
    });
  });
  afterEach(
    () =>
      new Promise<void>((resolve) => {
        if ('closeAllConnections' in server) server.closeAllConnections();
        server.close(() => resolve());
      }),
  );

  function send(chunks: string[], headers: Record<string, string> = {}) {
    return new Promise<{ status: number; body: string; headers: Record<string, unknown> }>(
      (resolve, reject) => {
        const req = request(
          {
            host: '127.0.0.1',
            port,
            method: 'POST',
            path: '/api/contact-submissions',
            headers: { 'Content-Type': 'application/json', ...headers },
          },
          (res) => {
            let body = '';
            res.on('data', (chunk: Buffer) => {
              body += chunk.toString();
            });
            res.on('end', () =>
              resolve({ status: res.statusCode ?? 0, body, headers: res.headers }),
            );
          },
        );
        // A server that answers early may close the socket while we still write.
        req.on('error', reject);
        for (const chunk of chunks) req.write(chunk);
        req.end();
      },
    );
  }

  it('holds a chunked body to the size limit', async () => {
    const chunk = 'x'.repeat(16 * 1024);
    const response = await send(
      Array.from({ length: (maxBodyBytes / chunk.length) * 2 }, () => chunk),
      { 'Transfer-Encoding': 'chunked' },
    );
    expect(response.status).toBe(413);
    expect(JSON.parse(response.body)).toEqual({ error: 'Body too large.' });
    expect(await countRows(store(), 'contact_submissions')).toBe(0);
  });

  it('stores a chunked valid body and rate-limits by the socket address', async () => {
    const body = JSON.stringify({ name: 'Ada', email: 'ada@example.com', message: 'Hi' });
    const first = await send([body.slice(0, 10), body.slice(10)], {
      'Transfer-Encoding': 'chunked',
    });
    expect(first.status).toBe(201);
    expect((await send([body])).status).toBe(201);
    const limited = await send([body], { 'X-Forwarded-For': '192.0.2.1' });
    expect(limited.status).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect(await countRows(store(), 'contact_submissions')).toBe(2);
  });
});
