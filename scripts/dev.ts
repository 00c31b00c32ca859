/**
 * `npm run dev`: every page of the four sites rendered from source on each request, with hot
 * reload, and the real API under /api (same store as `npm start`). No build needed.
 *
 * One Node HTTP server: /api/* goes to the app of server/app.ts; everything else goes through
 * Vite in middleware mode (modules, /@vite/client, assets), and what Vite does not serve is a
 * page: contracts/routes.ts picks it from the Host and path, src/entry-server.tsx renders it.
 *
 * No Content-Security-Policy on pages: Vite's React refresh preamble is an inline script.
 */
import {
  createServer as createHttpServer,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import { createServer as createViteServer, type ViteDevServer } from 'vite';
import { InvalidContentError, loadContent } from '../contracts/content/load';
import {
  isIndexed,
  ownerRoutes,
  type PageId,
  redirectFor,
  resolveRoute,
  siteForHost,
} from '../contracts/routes';
import { createApp } from '../server/app';
import {
  announceListening,
  exitOnBootFailure,
  openLeadCapture,
  stopOnSignals,
} from '../server/boot';
import { type Env, namedHosts, parseEnv } from '../server/env';
import { createLogger, type Logger } from '../server/logger';
import { siteWithoutBuild } from '../server/site';
import type { PageProps } from '../src/content/page-props';
import { renderDocument } from '../src/document';
import { contentDir } from './content-dir';
import { keystaticDev } from './content-editor/dev-middleware';
import { type ImageFile, resolveContentImages } from './content-images';

type EntryServer = typeof import('../src/entry-server');

const contentType = (fileName: string) =>
  fileName.endsWith('.svg')
    ? 'image/svg+xml'
    : fileName.endsWith('.png')
      ? 'image/png'
      : 'image/jpeg';

/** The document around a page, pointing at the source files that Vite serves and hot-reloads. */
function devDocument(page: PageId, body: string, props: PageProps, entry: EntryServer): string {
  const owner = ownerRoutes(props.content);
  // An owner's page loads the entry all of them share.
  const folder = page in entry.pageRegistry ? page : 'composed';
  return renderDocument({
    meta: entry.registeredPage(page, props).meta(props),
    // Only built pages are ever indexed.
    canonical: null,
    noindex: !isIndexed(page, owner),
    share: null,
    structuredData: null,
    feeds: [],
    body,
    // The entry imports this CSS as well (Vite injects it from JS, hot-updated); the link paints
    // the page styled before the modules have loaded.
    stylesheets: ['/src/styles/global.css'],
    script: { src: `/src/pages/${folder}/entry.ts`, imports: [] },
    fontPreloads: [],
  });
}

/** Where the dev server serves the content's pictures from (as they are, no variants). */
const imagesBase = '/@content-images/';

/**
 * The content as it is on disk now, images resolved to in-memory files: read on every page
 * request, so an edit (by hand or in /keystatic) shows on the next reload.
 */
async function currentContent(images: Map<string, ImageFile>) {
  const resolved = await resolveContentImages(await loadContent(contentDir), contentDir, {
    variants: false,
    urlBase: imagesBase,
  });
  for (const file of resolved.files) images.set(file.fileName, file);
  return resolved.content;
}

/** The main site's host, the named hosts and their www. forms: all that Vite lets through. */
function siteHostNames(env: Env): string[] {
  const hosts = [new URL(env.SITE_URL).hostname, ...Object.values(namedHosts(env))];
  return hosts.flatMap((host) => [host, `www.${host}`]);
}

function pageRenderer(
  env: Env,
  logger: Logger,
  vite: ViteDevServer,
  images: Map<string, ImageFile>,
) {
  const hosts = namedHosts(env);
  return async (req: IncomingMessage, res: ServerResponse) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD' }).end('Method Not Allowed');
      return;
    }
    const url = req.url ?? '/';
    try {
      const content = await currentContent(images);
      const { pathname, search } = new URL(url, 'http://dev.invalid');
      const site = siteForHost(req.headers.host, hosts);
      const redirect = redirectFor(content.site.redirects, site, pathname, search);
      if (redirect) {
        res.writeHead(redirect.status, {
          Location: redirect.location,
          'Cache-Control': 'no-store',
        });
        res.end();
        return;
      }
      const route = resolveRoute(req.headers.host, url, hosts, ownerRoutes(content));
      // Loaded per request: Vite re-evaluates only what changed, so an edit shows on reload.
      const entry = (await vite.ssrLoadModule('/src/entry-server.tsx')) as EntryServer;
      const props = entry.pageProps(content, Date.now());
      const body = await entry.renderPage(route.page, props);
      const document = devDocument(route.page, body, props, entry);
      // Adds /@vite/client and the React refresh preamble.
      const html = await vite.transformIndexHtml(url, document);
      res.writeHead(route.status, {
        'Content-Type': 'text/html; charset=utf-8',
        'Cache-Control': 'no-store',
      });
      res.end(req.method === 'HEAD' ? undefined : html);
    } catch (error) {
      if (error instanceof InvalidContentError) {
        // The same list the build prints, in the browser tab being looked at.
        res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' });
        res.end(error.message);
        return;
      }
      if (error instanceof Error) vite.ssrFixStacktrace(error);
      logger.error({ err: error, path: url }, 'page render failed');
      res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' });
      res.end(error instanceof Error ? (error.stack ?? error.message) : String(error));
    }
  };
}

async function main() {
  const env = parseEnv();
  const logger = createLogger(env);
  const leads = await openLeadCapture(env, logger);
  // Pages come from Vite here, so the app gets no built site: only /api/* reaches it. The
  // friends' goal is read from the content at start (a change to it needs a restart).
  const { thankYou } = await loadContent(contentDir);
  const app = createApp({
    env,
    logger,
    site: siteWithoutBuild({ leads: { friendsGoal: thankYou.share.friendsGoal } }),
    ...leads.deps,
  });
  const api = getRequestListener(app.fetch);

  const server = createHttpServer();
  const vite = await createViteServer({
    appType: 'custom',
    server: {
      middlewareMode: true,
      // The HMR websocket shares this server, so the browser reconnects to whichever of the
      // four hosts served the page, on the same port.
      ws: { server },
      // Vite refuses other Host names (DNS rebinding); *.localhost and IP addresses always pass.
      allowedHosts: siteHostNames(env),
    },
    // Pre-bundle every page's dependencies at start, not on first visit (which would reload).
    optimizeDeps: { entries: ['src/pages/*/entry.ts'] },
  });
  const images = new Map<string, ImageFile>();
  const renderPage = pageRenderer(env, logger, vite, images);
  // The content is no module Vite knows of: an edit to it reloads the page being looked at.
  vite.watcher.add(contentDir);
  vite.watcher.on('change', (file) => {
    if (file.startsWith(contentDir)) vite.ws.send({ type: 'full-reload' });
  });

  // The content editor at /keystatic (local mode, on the same files).
  const keystatic = keystaticDev({ contentDir, allowedHosts: siteHostNames(env) });

  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    if (keystatic.handle(req, res)) return;
    const image = req.url?.startsWith(imagesBase)
      ? images.get(req.url.slice(imagesBase.length))
      : undefined;
    if (image) {
      res.writeHead(200, {
        'Content-Type': contentType(image.fileName),
        'Cache-Control': 'no-store',
      });
      res.end(image.source);
      return;
    }
    // The API before Vite, whose middlewares would add CORS headers: it answers as in production.
    if (req.url?.startsWith('/api/')) {
      void api(req, res);
      return;
    }
    vite.middlewares(req, res, () => void renderPage(req, res));
  });
  server.listen(env.PORT, env.BIND_ADDRESS, () =>
    announceListening(env, logger, (server.address() as AddressInfo).port),
  );
  stopOnSignals(server, logger, async () => {
    await vite.close();
    await keystatic.close();
    await leads.close();
  });
}

main().catch(exitOnBootFailure);
