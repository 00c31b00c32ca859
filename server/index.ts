/**
 * Boot only: read the configuration, load the build, listen, and shut down cleanly on
 * SIGTERM/SIGINT. Everything else lives in app.ts.
 */
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { createApp } from './app';
import { EnvError, originForHost, parseEnv } from './env';
import { createLogger } from './logger';
import { loadSite, MissingBuildError } from './site';

async function main() {
  const env = parseEnv();
  const logger = createLogger(env);
  const site = await loadSite();
  const app = createApp({ env, logger, site });

  const server = serve(
    { fetch: app.fetch, port: env.PORT, hostname: env.BIND_ADDRESS },
    (info: AddressInfo) => {
      const port = info.port;
      const local = (host: string) => originForHost({ SITE_URL: `http://localhost:${port}` }, host);
      logger.info({ port }, 'listening');
      // Plain lines for the person who ran `npm start`; the JSON line above is for log collectors.
      process.stdout.write(
        [
          '',
          `  Main site:              ${local('localhost')}/`,
          `  Sellable-business site: ${local(env.SELLABLE_BUSINESS_HOST)}/`,
          `  Waitlist site:          ${local(env.WAITLIST_HOST)}/`,
          `  Book site:              ${local(env.BOOK_HOST)}/`,
          '',
        ].join('\n'),
      );
    },
  );

  let stopping = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    // Stop accepting connections, let in-flight requests finish, then exit; force after 10 s.
    const force = setTimeout(() => {
      logger.warn('forced exit after 10 s');
      process.exit(1);
    }, 10_000);
    force.unref();
    server.close(() => {
      logger.info('stopped');
      process.exit(0);
    });
    if ('closeIdleConnections' in server) server.closeIdleConnections();
  };
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);
}

main().catch((error: unknown) => {
  if (error instanceof EnvError || error instanceof MissingBuildError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(
      `Failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
  }
  process.exit(1);
});
