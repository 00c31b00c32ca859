/**
 * What every serving process does around the app: open the lead store and its outbox worker,
 * print the local sites, stop cleanly on a signal, and report a failed start. Shared by the
 * server (index.ts) and the dev server (scripts/dev.ts), so both capture leads the same way.
 */
import type { ServerType } from '@hono/node-server';
import { siteOrigins } from '../contracts/sites';
import type { AppDeps } from './app';
import { storedSecret } from './db/store';
import { type Env, EnvError, namedHosts } from './env';
import type { ServedContent } from './feature-list';
import { startExposures } from './features/experiments';
import { startWeeklyReports } from './features/funnel';
import { createForwarding } from './forwarding';
import { loadIpHashKey } from './ip-hash-key';
import type { Logger } from './logger';
import { startOutboxWorker } from './outbox/worker';
import { startPageViewCounter } from './page-views/counter';
import { checkoutSessionsFromEnv, providersFromEnv } from './providers/from-env';
import { MissingBuildError } from './site';
import { siteHosts } from './site-hosts';
import { openStore } from './store';

export interface LeadCapture {
  /**
   * The app's dependencies on the store: forwarding, the IP hash and proof-of-work keys, the
   * worker's wake, and the page view counter (none when PAGE_VIEW_COUNTING is off).
   */
  deps: Pick<
    AppDeps,
    | 'store'
    | 'forwarding'
    | 'ipHashKey'
    | 'proofOfWorkKey'
    | 'onLeadStored'
    | 'pageViews'
    | 'exposures'
    | 'stripe'
  >;
  /** Stops the outbox worker, writes the page views still in memory, then closes the store. */
  close(): Promise<void>;
}

/**
 * The store from DATA_DIR or DATABASE_URL, the outbox worker that forwards its leads, and the
 * page view counter that writes into it: the whole funnel, from visit to lead.
 */
export async function openLeadCapture(
  env: Env,
  logger: Logger,
  /**
   * The content the site serves now: the experiments, for the weekly report; the workshop's and
   * the cohort's words, for their emails. None without a build.
   */
  served?: () => ServedContent,
): Promise<LeadCapture> {
  const store = await openStore(env);
  logger.info({ dialect: store.dialect }, 'store open');
  const providers = providersFromEnv(env, logger);
  const stripe = checkoutSessionsFromEnv(env, logger);
  const ipHashKey = await loadIpHashKey(env, store);
  // The cohort's offer links are signed with the app's secret, so its route can read them.
  const forwarding = createForwarding(env, providers, {
    ...(served ? { served } : {}),
    links: { origins: siteOrigins(env.SITE_URL, namedHosts(env)), serverSecret: ipHashKey },
  });
  const proofOfWorkKey = await storedSecret(store, 'proof_of_work_key');
  const worker = startOutboxWorker(store, forwarding, logger);
  const reports =
    env.OWNER_REPORT === 'weekly' && providers.ownerMail ? startWeeklyReports(store, logger) : null;
  const pageViews = env.PAGE_VIEW_COUNTING
    ? await startPageViewCounter({
        store,
        logger,
        siteHosts: siteHosts(env),
        perAddress: env.PAGE_VIEW_RATE_LIMIT,
      })
    : undefined;
  // Who was shown which variant: an experiment is chosen by the page views' visitor key.
  const exposures = pageViews ? startExposures({ store, logger }) : undefined;
  return {
    deps: {
      store,
      forwarding,
      ipHashKey,
      proofOfWorkKey,
      onLeadStored: worker.wake,
      pageViews,
      exposures,
      stripe,
    },
    async close() {
      reports?.stop();
      await worker.stop();
      await pageViews?.stop();
      await exposures?.stop();
      await store.close();
    },
  };
}

/** Logs that the server listens, then prints the local address of each site. */
export function announceListening(env: Env, logger: Logger, port: number) {
  const local = siteOrigins(`http://localhost:${port}`, namedHosts(env));
  logger.info({ port }, 'listening');
  // Plain lines for the person at the terminal; the JSON line above is for log collectors.
  process.stdout.write(
    [
      '',
      `  Main site:              ${local.main}/`,
      `  Sellable-business site: ${local['sellable-business']}/`,
      `  Waitlist site:          ${local.waitlist}/`,
      `  Book site:              ${local.book}/`,
      '',
    ].join('\n'),
  );
}

/**
 * On SIGTERM/SIGINT: stop accepting connections, let in-flight requests finish, then run
 * `cleanup` and exit 0; force exit 1 after 10 s. An unfinished outbox job is picked up again
 * next start.
 */
export function stopOnSignals(server: ServerType, logger: Logger, cleanup: () => Promise<void>) {
  let stopping = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      logger.warn('forced exit after 10 s');
      process.exit(1);
    }, 10_000);
    force.unref();
    server.close(async () => {
      await cleanup();
      logger.info('stopped');
      process.exit(0);
    });
    if ('closeIdleConnections' in server) server.closeIdleConnections();
  };
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);
}

/** A failed start: a configuration or build problem prints its message alone; else the stack. */
export function exitOnBootFailure(error: unknown): never {
  if (error instanceof EnvError || error instanceof MissingBuildError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(
      `Failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
  }
  process.exit(1);
}
