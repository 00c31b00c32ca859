/**
 * Boot only: read the configuration, load the build and its calendar, open the store, start the
 * outbox worker, listen, and shut down cleanly on SIGTERM/SIGINT. Everything else lives in app.ts.
 */
import { createApp } from './app';
import { announceListening, exitOnBootFailure, openLeadCapture, stopOnSignals } from './boot';
import { loadRenderer, logCalendar, startCalendar } from './calendar';
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
  // The pages follow the content's dates: rendered again as each passes (decision 017).
  const rendering = await loadRenderer();
  if (!rendering) logger.warn('this build cannot follow the content calendar: rebuild the site');
  const calendar = rendering && startCalendar({ pages: site.pages, ...rendering, logger: logger });
  if (rendering) logCalendar(rendering.renderer.calendar(), Date.now(), logger);

  const server = serveApp(app, env, (info) => announceListening(env, logger, info.port));
  stopOnSignals(server, logger, async () => {
    calendar?.stop();
    await leads.close();
  });
}

main().catch(exitOnBootFailure);
