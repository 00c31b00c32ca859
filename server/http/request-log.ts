import type { MiddlewareHandler } from 'hono';
import type { Logger } from '../logger';

/**
 * A path that carries a secret in it (an offer's signed link, a share code): the feature that
 * answers it says where its token begins and what of it the request log may write, in its entry
 * of server/feature-list.ts. A log line is read by whoever reads the logs or the log service: a
 * bearer token written there would let them open the link (docs/decisions/034-selling-that-
 * cannot-be-gamed.md). Query strings are never logged, so a token in a query needs no entry.
 */
export interface TokenPath {
  /** The path's fixed beginning, up to and with the slash before the token: "/go/offer/". */
  prefix: `/${string}/`;
  /**
   * What the log writes in place of the rest of the path (the token and anything after it):
   * an id that opens nothing alone, or "<token>". Never the secret.
   */
  logged(rest: string): string;
}

/** What a token route's log line says in place of a token it cannot read. */
export const tokenPlaceholder = '<token>';

/**
 * The path as the request log writes it: a token route's with its secret left out, any other as
 * it came. Matched case-insensitively and on a path with repeated slashes, as the routes
 * themselves may be reached, so no spelling of a token route slips through whole.
 */
export function loggedPath(path: string, tokenPaths: readonly TokenPath[]): string {
  const folded = path.replace(/\/{2,}/g, '/').toLowerCase();
  for (const route of tokenPaths) {
    if (folded.startsWith(route.prefix.toLowerCase())) {
      const rest = path.replace(/\/{2,}/g, '/').slice(route.prefix.length);
      return `${route.prefix}${route.logged(rest)}`;
    }
  }
  return path;
}

/**
 * The request log (server/logger.ts): one line per request, with its method, its path as
 * `loggedPath` writes it (no query string), its status and duration. The app's unhandled-error
 * line writes its path the same way (`logPath`).
 */
export function requestLog(logger: Logger, tokenPaths: readonly TokenPath[]) {
  const logPath = (path: string) => loggedPath(path, tokenPaths);
  const middleware: MiddlewareHandler = async (c, next) => {
    const started = performance.now();
    await next();
    logger.info(
      {
        method: c.req.method,
        path: logPath(c.req.path),
        status: c.res.status,
        ms: Math.round((performance.now() - started) * 10) / 10,
      },
      'request',
    );
  };
  return { middleware, logPath };
}
