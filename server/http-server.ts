import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import type { Hono } from 'hono';
import type { Env } from './env';

type HttpLimits = Pick<
  Env,
  | 'PORT'
  | 'BIND_ADDRESS'
  | 'HEADERS_TIMEOUT_SECONDS'
  | 'REQUEST_TIMEOUT_SECONDS'
  | 'MAX_CONNECTIONS'
>;

/**
 * The app on Node's HTTP server, with limits for clients that are slow on purpose. Node's own
 * defaults let one hold a request open for five minutes and check only every 30 s; here the
 * headers and the whole request have deadlines in seconds (Node answers 408 and closes), checked
 * every second, an idle keep-alive connection closes after 5 s, and past MAX_CONNECTIONS a new
 * connection is closed at once instead of exhausting file descriptors. The body of a form post
 * has its own, shorter deadline (read-body.ts), so such a client gets our JSON answer.
 */
export function serveApp(
  app: Pick<Hono, 'fetch'>,
  env: HttpLimits,
  onListening: (info: AddressInfo) => void,
): Server {
  const server = serve(
    {
      fetch: app.fetch,
      port: env.PORT,
      hostname: env.BIND_ADDRESS,
      serverOptions: {
        headersTimeout: env.HEADERS_TIMEOUT_SECONDS * 1000,
        requestTimeout: env.REQUEST_TIMEOUT_SECONDS * 1000,
        keepAliveTimeout: 5_000,
        connectionsCheckingInterval: 1_000,
      },
    },
    onListening,
  ) as Server;
  server.maxConnections = env.MAX_CONNECTIONS;
  return server;
}
