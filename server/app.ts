import { Hono } from 'hono';
import { type AppDeps, appContext } from './app-context';
import { features } from './feature-list';
import { healthPath, healthRouter } from './http/health';
import { requestLog } from './http/request-log';
import { inlineScriptSources, securityHeaders } from './http/security-headers';

export type { AppDeps } from './app-context';

/**
 * The whole Request -> Response app: the shared middleware, the health check, then each
 * feature's routes in the order of server/feature-list.ts (the JSON API, the room, the search
 * files, the feeds, and the prerendered pages of every host last).
 */
export function createApp(deps: AppDeps) {
  const context = appContext(deps);
  const { env, logger, site, clientOf, plainHttp } = context;
  const app = new Hono();

  // No token a feature's path carries is written whole (server/http/request-log.ts).
  const requests = requestLog(
    logger,
    features.flatMap((feature) => feature.tokenPaths ?? []),
  );
  app.use(requests.middleware);
  app.use(plainHttp.middleware);
  app.use(
    securityHeaders(
      env,
      clientOf,
      inlineScriptSources(
        [...site.pages.values()].map((page) => page.body),
        site.routes.composedScript ? [site.routes.composedScript] : [],
      ),
    ),
  );
  app.use('/api/*', async (c, next) => {
    await next();
    c.header('Cache-Control', 'no-store');
  });
  app.route(healthPath, healthRouter(plainHttp.warnings));
  for (const feature of features) if (feature.routes) app.route('/', feature.routes(context));

  app.notFound((c) => c.text('Method Not Allowed', 405, { Allow: 'GET, HEAD' }));
  app.onError((error, c) => {
    logger.error(
      { err: error, method: c.req.method, path: requests.logPath(c.req.path) },
      'unhandled error',
    );
    return c.req.path.startsWith('/api/')
      ? c.json({ error: 'Something went wrong. Please try again.' }, 500)
      : c.text('Internal Server Error', 500);
  });

  return app;
}
