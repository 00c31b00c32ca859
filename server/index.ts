/**
 * Boot only: read the configuration, load the build, open the store, start the outbox worker,
 * listen, and shut down cleanly on SIGTERM/SIGINT. Everything else lives in app.ts.
 */
import { createApp } from './app';
import { announceListening, exitOnBootFailure, openLeadCapture, stopOnSignals } from './boot';
import { parseEnv } from './env';
import { serveApp } from './http-server';
import { createLogger } from './logger';
import { loadSite } from './site';

async function main() {
  const env = parseEnv();
  const logger = createLogger(env);
  const site = await loadSite();
  const leads = await openLeadCapture(env, logger);
  const app = createApp({ env, logger, site, ...leads.deps });

  const server = serveApp(app, env, (info) => announceListening(env, logger, info.port));
  stopOnSignals(server, logger, leads.close);
}

main().catch(exitOnBootFailure);
