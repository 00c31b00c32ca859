/**
 * Boot only: read the configuration, load the build, open the store, start the outbox worker,
 * listen, and shut down cleanly on SIGTERM/SIGINT. Everything else lives in app.ts.
 */
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { createApp } from './app';
import { openStore, storedSecret } from './db/store';
import { EnvError, originForHost, parseEnv } from './env';
import { createLogger } from './logger';
import { createForwarding } from './outbox/forwarding';
import { startOutboxWorker } from './outbox/worker';
import { providersFromEnv } from './providers/from-env';
import { loadSite, MissingBuildError } from './site';

async function main() {
  const env = parseEnv();
  const logger = createLogger(env);
  const site = await loadSite();
  const store = await openStore(env);
  logger.info({ dialect: store.dialect }, 'store open');
  const forwarding = createForwarding(env, providersFromEnv(env, logger));
  const worker = startOutboxWorker(store, forwarding, logger);
  const app = createApp({
    env,
    logger,
    site,
    store,
    forwarding,
    ipHashKey: await storedSecret(store, 'ip_hash_key'),
    onLeadStored: worker.wake,
  });

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
    // Stop accepting connections, let in-flight requests finish, then stop the outbox worker and
    // close the store; force after 10 s. An unfinished outbox job is picked up again next start.
    const force = setTimeout(() => {
      logger.warn('forced exit after 10 s');
      process.exit(1);
    }, 10_000);
    force.unref();
    server.close(async () => {
      await worker.stop();
      await store.close();
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
