import type { Server } from 'node:http';
import { connect, type Socket } from 'node:net';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Store } from './db/store';
import { parseEnv } from './env';
import { serveApp } from './http-server';
import { createTestApp } from './testing/app';
import { countRows, createTestDatabase, type TestDatabase } from './testing/stores';

/**
 * Slow and vanishing clients against the real Node HTTP server, over real sockets: what a
 * slowloris attack or a phone losing its signal does to a form post.
 */
const limits = {
  HEADERS_TIMEOUT_SECONDS: '1',
  REQUEST_TIMEOUT_SECONDS: '3',
  BODY_TIMEOUT_SECONDS: '1',
  MAX_CONNECTIONS: '50',
};

describe('slow and vanishing clients', () => {
  let database: TestDatabase;
  let store: Store;
  let server: Server;
  let port: number;
  let logLines: { level: number; msg: string }[];
  const sockets: Socket[] = [];

  async function start(settings: Record<string, string> = {}) {
    logLines = [];
    const logger = pino(
      { level: 'debug' },
      { write: (line: string) => logLines.push(JSON.parse(line)) },
    );
    const app = createTestApp(
      store,
      { ...limits, ...settings, LEAD_RATE_LIMIT: '0' },
      undefined,
      logger,
    );
    const env = parseEnv({ ...limits, ...settings, PORT: '0', BIND_ADDRESS: '127.0.0.1' });
    await new Promise<void>((resolve) => {
      server = serveApp(app, env, (info) => {
        port = info.port;
        resolve();
      });
    });
  }

  beforeEach(async () => {
    database = await createTestDatabase('sqlite');
    store = await database.open();
  });
  afterEach(async () => {
    for (const socket of sockets.splice(0)) socket.destroy();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await store.close();
    await database.drop();
  });

  /** A raw connection that records what the server sends and when it hangs up. */
  async function open() {
    const socket = connect(port, '127.0.0.1');
    sockets.push(socket);
    let received = '';
    socket.on('data', (chunk) => {
      received += chunk.toString();
    });
    socket.on('error', () => {});
    const closed = new Promise<number>((resolve) => {
      const opened = performance.now();
      socket.on('close', () => resolve(performance.now() - opened));
    });
    await new Promise((resolve) => socket.once('connect', resolve));
    return { socket, closed, received: () => received };
  }

  const body = JSON.stringify({ name: 'Ada', email: 'ada@example.com', message: 'Hello there' });
  const postHead = (length: number) =>
    `POST /api/contact-submissions HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n\r\n`;

  /** Writes `text` a byte at a time, `gapMs` apart, until done or the socket closes. */
  async function trickle(socket: Socket, text: string, gapMs: number) {
    for (const byte of text) {
      if (socket.destroyed) return;
      socket.write(byte);
      await new Promise((resolve) => setTimeout(resolve, gapMs));
    }
  }

  it('closes a connection whose headers trickle in (slowloris) after the headers timeout', async () => {
    await start();
    const client = await open();
    void trickle(
      client.socket,
      'GET / HTTP/1.1\r\nHost: localhost\r\nX-Slow: abcdefghijklmnopqrstuvwxyz\r\n',
      100,
    );
    const ms = await client.closed;
    // 1 s timeout, checked every second: closed in seconds, not Node's default minute.
    expect(ms).toBeLessThan(4_000);
    expect(client.received()).toMatch(/^HTTP\/1\.1 408/);
  });

  it('answers 408 with JSON to a body that trickles in, and stores nothing', async () => {
    await start();
    const client = await open();
    client.socket.write(postHead(body.length));
    void trickle(client.socket, body, 100);
    const ms = await client.closed;
    expect(ms).toBeLessThan(4_000);
    expect(client.received()).toMatch(/^HTTP\/1\.1 408/);
    expect(client.received()).toContain('{"error":"The body took too long to arrive."}');
    expect(await countRows(store, 'contact_submissions')).toBe(0);
  });

  it('answers 408 to a webhook body that trickles in, from Kit or from Stripe, and closes', async () => {
    await start({
      KIT_WEBHOOK_SECRET: 'kit-secret-for-the-test',
      STRIPE_WEBHOOK_SECRET: 'whsec_test',
    });
    for (const [path, header] of [
      ['/api/kit/webhook', 'X-Kit-Signature: t=1,v1=00'],
      ['/api/stripe/webhook', 'Stripe-Signature: t=1,v1=00'],
    ]) {
      const client = await open();
      client.socket.write(
        `POST ${path} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n${header}\r\nContent-Length: ${body.length}\r\n\r\n`,
      );
      void trickle(client.socket, body, 100);
      const ms = await client.closed;
      expect(ms, path).toBeLessThan(4_000);
      expect(client.received(), path).toMatch(/^HTTP\/1\.1 408/);
      expect(client.received(), path).toMatch(/connection: close/i);
    }
  });

  it('treats a client that leaves mid-body as the client’s doing: a debug line, no error, no lead', async () => {
    await start();
    const client = await open();
    client.socket.write(postHead(body.length) + body.slice(0, 10));
    await new Promise((resolve) => setTimeout(resolve, 200));
    client.socket.destroy();
    await expect
      .poll(() => logLines.some((line) => line.msg === 'client left mid-body'))
      .toBe(true);
    expect(logLines.filter((line) => line.level >= 40)).toEqual([]);
    expect(await countRows(store, 'contact_submissions')).toBe(0);
    // And the server carries on.
    const response = await fetch(`http://127.0.0.1:${port}/api/contact-submissions`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body,
    });
    expect(response.status).toBe(201);
  });

  it('frees every one of 200 half-sent posts within the request timeout', async () => {
    await start({ MAX_CONNECTIONS: '1000' });
    const clients = await Promise.all(
      Array.from({ length: 200 }, async () => {
        const client = await open();
        client.socket.write(postHead(body.length) + body.slice(0, 5));
        return client;
      }),
    );
    const times = await Promise.all(clients.map((client) => client.closed));
    expect(Math.max(...times)).toBeLessThan(5_000);
    expect(await countRows(store, 'contact_submissions')).toBe(0);
  });

  it('closes connections past MAX_CONNECTIONS at once, and serves again when they go', async () => {
    await start({ MAX_CONNECTIONS: '5' });
    const held = await Promise.all(Array.from({ length: 5 }, () => open()));
    for (const client of held) client.socket.write('GET / HTTP/1.1\r\n');
    const extra = await open();
    extra.socket.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\n\r\n');
    expect(await extra.closed).toBeLessThan(500);
    expect(extra.received()).toBe('');
    for (const client of held) client.socket.destroy();
    await Promise.all(held.map((client) => client.closed));
    const response = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(response.status).toBe(200);
  });
});
