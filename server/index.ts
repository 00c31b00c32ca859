/**
 * Boot only: read the configuration, load the build and its calendar, open the store, start the
 * outbox worker, listen, and shut down cleanly on SIGTERM/SIGINT. Everything else lives in app.ts.
 */
import { join } from 'node:path';
import { createApp } from './app';
import { announceListening, exitOnBootFailure, openLeadCapture, stopOnSignals } from './boot';
import { buildPaths } from './build-paths';
import { parseEnv } from './env';
import { publishHooks } from './feature-list';
import { cohortSeatsTaken } from './features/cohort';
import { loadRenderer, logCalendar, startCalendar } from './features/pages';
import { createPublisher, latestVersion, workingCopyOnFirstUse } from './features/room';
import { followBuildSessions, seatsTaken } from './features/workshop';
import { serveApp } from './http-server';
import { createLogger } from './logger';
import { loadSite } from './site';

async function main() {
  const env = parseEnv();
  const logger = createLogger(env);
  const site = await loadSite();
  const leads = await openLeadCapture(env, logger, () => site);
  // While the build's own content is the site's (the owner has never published from the room), a
  // deploy that moved a workshop session's start tells its attendees, as a publish would.
  if (!(await latestVersion(leads.deps.store))) {
    await followBuildSessions(leads.deps.store, site.workshop, Date.now()).catch((error: unknown) =>
      logger.error({ err: error }, 'workshop sessions not followed'),
    );
  }
  // The pages follow the content's dates: rendered again as each passes (decision 017).
  const rendering = await loadRenderer();
  if (!rendering) logger.warn('this build cannot follow the content calendar: rebuild the site');
  const calendar =
    rendering &&
    startCalendar({
      pages: site.pages,
      ...rendering,
      logger,
      // The workshop's seats and the cohort's intakes' as the store knows them: a seat held,
      // taken or given back shows on the pages that sell it within one check
      // (docs/decisions/032-workshop-delivered.md, 033-cohort-applications.md).
      seatsTaken: async (now) => {
        const at = new Date(now).toISOString();
        const [workshop, cohort] = await Promise.all([
          seatsTaken(leads.deps.store, at),
          cohortSeatsTaken(leads.deps.store, at),
        ]);
        return { ...workshop, ...cohort };
      },
    });
  if (rendering) logCalendar(rendering.renderer.calendar(), Date.now(), logger);
  // What the owner published (decision 019): served as soon as it is rendered, then followed.
  // The editor and the publisher share the working copy, made from content/ on first use.
  const workingCopy = workingCopyOnFirstUse(env.DATA_DIR, join(buildPaths.root, 'content'));
  const publisher = createPublisher({
    store: leads.deps.store,
    logger,
    site,
    dataDir: env.DATA_DIR,
    workingCopy,
    hooks: publishHooks({
      store: leads.deps.store,
      env,
      kit: leads.deps.forwarding.makesBroadcasts,
      calendar,
      renderBundle: buildPaths.renderBundle,
    }),
  });
  void publisher
    .follow()
    .catch((error: unknown) => logger.error({ err: error }, 'published content not served'));
  const app = createApp({ env, logger, site, ...leads.deps, publisher, workingCopy });

  const server = serveApp(app, env, (info) => announceListening(env, logger, info.port));
  stopOnSignals(server, logger, async () => {
    calendar?.stop();
    publisher.stop();
    await leads.close();
  });
}

main().catch(exitOnBootFailure);
