/**
 * The content editor in `npm run dev`: Keystatic (LOCAL mode) at /keystatic, editing the files in
 * content/ (or CONTENT_DIR), with no sign-in; the dev server's own reload on a content change is
 * the live preview. (The owner's room serves the same editor, built, at /owner/editor behind its
 * session: server/features/room/editor/router.ts.)
 *
 *   /api/keystatic/*   Keystatic's API (its generic route handler), with content/ as its base
 *                      directory: the file tree, the files, and saves, through the same checks as
 *                      in the owner's room (server/features/room/editor/api.ts): content files and
 *                      pictures only, inside content/, each saved file as the build accepts it,
 *                      nothing deleted.
 *   /keystatic, /keystatic/*   the editor's page: a small HTML document loading ui-entry.ts
 *   /__keystatic/*     that entry and its modules, from a Vite server of its own, started on the
 *                      first visit: the site's Vite server and its dependency pre-bundling never
 *                      see Keystatic (`npm run build` builds it apart: build-editor.ts).
 *
 * Only requests whose Host is this machine (localhost, *.localhost, an IP address) or one of the
 * site's own host names are answered, like Vite's own check: a page elsewhere cannot write files
 * through a rebinding DNS name. Keystatic's API also needs a `no-cors` header, which a cross-site
 * form cannot send without a CORS preflight that nothing here answers.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { isIP } from 'node:net';
import { resolve } from 'node:path';
import type { ViteDevServer } from 'vite';
import { contentEditorApi } from '../../server/features/room/editor/api';
import { editorDocument } from '../../server/features/room/editor/document';
import { saveMaxBytes } from '../../server/features/room/editor/review';
import { editorPolicy } from '../../server/features/room/policy';

const apiPrefix = '/api/keystatic';
const pagePath = '/keystatic';
/** Where the editor's modules are served from (its Vite server's base). */
export const uiBase = '/__keystatic/';

const repositoryRoot = resolve(import.meta.dirname, '../..');

export interface KeystaticDevOptions {
  /** The content directory: Keystatic's local base directory. */
  contentDir: string;
  /** Host names besides localhost, *.localhost and IP addresses that may use the editor. */
  allowedHosts?: readonly string[];
}

export interface KeystaticDev {
  /**
   * Answers the request if it is the editor's (its page, modules or API) and returns true;
   * returns false, doing nothing, for every other request.
   */
  handle(req: IncomingMessage, res: ServerResponse): boolean;
  /** Stops the editor's Vite server, if it was started. */
  close(): Promise<void>;
}

/** The page: Keystatic's app takes the whole document and routes under /keystatic itself. */
export const editorPage = editorDocument({
  script: `${uiBase}scripts/content-editor/ui-entry.ts`,
  stylesheets: [],
});

/** The page's Content-Security-Policy: the same as the room's editor. */
export { editorPolicy };

function hostAllowed(host: string | undefined, allowed: ReadonlySet<string>): boolean {
  if (!host) return false;
  let name: string;
  try {
    name = new URL(`http://${host}`).hostname;
  } catch {
    return false;
  }
  const bare = name.replace(/^\[|\]$/g, '');
  return (
    bare === 'localhost' || bare.endsWith('.localhost') || isIP(bare) !== 0 || allowed.has(bare)
  );
}

function send(
  res: ServerResponse,
  status: number,
  body: string,
  type = 'text/plain; charset=utf-8',
  headers: Record<string, string> = {},
) {
  res.writeHead(status, { 'Content-Type': type, 'Cache-Control': 'no-store', ...headers });
  res.end(body);
}

class TooLarge extends Error {}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > saveMaxBytes) throw new TooLarge('request body too large');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

export function keystaticDev(options: KeystaticDevOptions): KeystaticDev {
  const contentDir = resolve(options.contentDir);
  const allowedHosts = new Set(options.allowedHosts ?? []);
  let ui: Promise<ViteDevServer> | undefined;
  // The same API as the owner's room, on content/ (server/features/room/editor/api.ts).
  const api = contentEditorApi(async () => contentDir);

  const uiServer = () => {
    ui ??= (async () => {
      const { createServer } = await import('vite');
      return createServer({
        configFile: false,
        root: repositoryRoot,
        base: uiBase,
        appType: 'custom',
        // Its own pre-bundled dependencies, apart from the site's.
        cacheDir: resolve(repositoryRoot, 'node_modules/.vite-keystatic'),
        logLevel: 'warn',
        clearScreen: false,
        server: { middlewareMode: true, hmr: false, ws: false },
        optimizeDeps: { entries: ['scripts/content-editor/ui-entry.ts'] },
      });
    })();
    return ui;
  };

  async function answerApi(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const response = await api.answer({
      method: req.method ?? 'GET',
      path: url.pathname.slice(apiPrefix.length + 1),
      headers: {
        get: (name) => {
          const value = req.headers[name.toLowerCase()];
          return Array.isArray(value) ? value.join(', ') : (value ?? null);
        },
      },
      ...(req.method === 'POST' ? { body: await readBody(req) } : {}),
    });
    res.writeHead(response.status, Object.fromEntries(response.headers));
    res.end(Buffer.from(await response.arrayBuffer()));
  }

  async function answerModule(req: IncomingMessage, res: ServerResponse) {
    const vite = await uiServer();
    vite.middlewares(req, res, () => send(res, 404, 'Not Found'));
  }

  const fail = (res: ServerResponse) => (error: unknown) => {
    if (error instanceof TooLarge && !res.headersSent) {
      send(res, 413, 'A save may carry at most 32 MB.');
      return;
    }
    console.error('content editor:', error);
    if (!res.headersSent) send(res, 500, error instanceof Error ? error.message : String(error));
    else res.end();
  };

  return {
    handle(req, res) {
      const path = (req.url ?? '/').split('?')[0] ?? '/';
      const isApi = path === apiPrefix || path.startsWith(`${apiPrefix}/`);
      const isPage = path === pagePath || path.startsWith(`${pagePath}/`);
      const isModule = path.startsWith(uiBase);
      if (!isApi && !isPage && !isModule) return false;
      if (!hostAllowed(req.headers.host, allowedHosts)) {
        send(res, 403, 'The content editor answers on localhost only.');
        return true;
      }
      if (isApi) {
        answerApi(req, res).catch(fail(res));
      } else if (isModule) {
        answerModule(req, res).catch(fail(res));
      } else if (req.method === 'GET' || req.method === 'HEAD') {
        // Start the editor's Vite server now: the page asks for its modules next.
        uiServer().catch(() => {});
        send(res, 200, req.method === 'HEAD' ? '' : editorPage, 'text/html; charset=utf-8', {
          'Content-Security-Policy': editorPolicy,
          'Referrer-Policy': 'no-referrer',
        });
      } else {
        res.writeHead(405, { Allow: 'GET, HEAD' }).end('Method Not Allowed');
      }
      return true;
    },
    async close() {
      if (ui) await (await ui).close();
    },
  };
}
