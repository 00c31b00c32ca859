/**
 * The content editor in `npm run dev`: Keystatic (LOCAL mode) at /keystatic, editing the files in
 * content/ (or CONTENT_DIR). Dev only: nothing here is built, served by `npm start` or signed in
 * to; the dev server's own reload on a content change is the live preview.
 *
 *   /api/keystatic/*   Keystatic's API (its generic route handler), with content/ as its base
 *                      directory: the file tree, the files, and saves. A save goes through
 *                      save.ts first (empty means absent, the file's own wording kept, the build's
 *                      check) and never deletes a picture, which other files may name.
 *   /keystatic, /keystatic/*   the editor's page: a small HTML document loading ui-entry.ts
 *   /__keystatic/*     that entry and its modules, from a Vite server of its own, started on the
 *                      first visit: the site's Vite server, its dependency pre-bundling and its
 *                      production build never see Keystatic.
 *
 * Only requests whose Host is this machine (localhost, *.localhost, an IP address) or one of the
 * site's own host names are answered, like Vite's own check: a page elsewhere cannot write files
 * through a rebinding DNS name. Keystatic's API also needs a `no-cors` header, which a cross-site
 * form cannot send without a CORS preflight that nothing here answers.
 */
import { readFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { isIP } from 'node:net';
import { join, resolve } from 'node:path';
import type { ViteDevServer } from 'vite';
import { contentFileAt, prepareSave } from './save';

const apiPrefix = '/api/keystatic';
const pagePath = '/keystatic';
/** Where the editor's modules are served from (its Vite server's base). */
export const uiBase = '/__keystatic/';
/** A save carries the pictures uploaded with it, base64-encoded. */
const maxBodyBytes = 64 * 1024 * 1024;

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
export const editorPage = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="robots" content="noindex" />
    <title>Content editor</title>
  </head>
  <body>
    <div id="keystatic"></div>
    <script type="module" src="${uiBase}scripts/keystatic/ui-entry.ts"></script>
  </body>
</html>
`;

/**
 * The page's Content-Security-Policy: everything from this server. Keystatic's app links Google
 * Fonts' Inter on its own; refused here, the editor uses the system's sans-serif and nothing
 * third-party loads. (Its styles are inserted at run time, hence 'unsafe-inline' for styles;
 * picture previews are blob: URLs.)
 */
export const editorPolicy = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' blob: data:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join('; ');

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

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > maxBodyBytes) throw new Error('request body too large');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** Keystatic's generic route handler: a request in its own shape to a response in its own. */
type ApiHandler = ReturnType<
  typeof import('@keystatic/core/api/generic').makeGenericAPIRouteHandler
>;

interface Update {
  additions: { path: string; contents: string }[];
  deletions: { path: string }[];
}

const fromBase64 = (text: string) =>
  Buffer.from(text.replace(/-/g, '+').replace(/_/g, '/'), 'base64').toString('utf8');

/**
 * Keystatic's save request as it should reach the disk: each content file through save.ts
 * (or the build's message instead), and no picture deleted.
 */
export async function reviewUpdate(
  update: Update,
  contentDir: string,
): Promise<{ update: Update } | { problems: string }> {
  const additions: Update['additions'] = [];
  const problems: string[] = [];
  for (const addition of update.additions) {
    const name = contentFileAt(addition.path);
    if (!name) {
      additions.push(addition);
      continue;
    }
    const current = await readFile(join(contentDir, addition.path), 'utf8').catch(() => undefined);
    const result = prepareSave(name, fromBase64(addition.contents), current);
    if ('problems' in result) problems.push(result.problems);
    else additions.push({ ...addition, contents: Buffer.from(result.text).toString('base64') });
  }
  if (problems.length > 0) return { problems: problems.join('\n') };
  // Keystatic deletes the picture a field named before; another file may name it too.
  const deletions = update.deletions.filter((deletion) => !deletion.path.startsWith('images/'));
  return { update: { additions, deletions } };
}

export function keystaticDev(options: KeystaticDevOptions): KeystaticDev {
  const contentDir = resolve(options.contentDir);
  const allowedHosts = new Set(options.allowedHosts ?? []);
  let api: Promise<ApiHandler> | undefined;
  let ui: Promise<ViteDevServer> | undefined;
  // One save at a time: each reads the file the previous one wrote.
  let saving: Promise<unknown> = Promise.resolve();

  const apiHandler = () => {
    api ??= (async () => {
      const [{ makeGenericAPIRouteHandler }, { keystaticConfig }] = await Promise.all([
        import('@keystatic/core/api/generic'),
        import('./config'),
      ]);
      return makeGenericAPIRouteHandler({
        config: keystaticConfig(),
        localBaseDirectory: contentDir,
      });
    })();
    return api;
  };

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
        optimizeDeps: { entries: ['scripts/keystatic/ui-entry.ts'] },
      });
    })();
    return ui;
  };

  async function answerApi(req: IncomingMessage, res: ServerResponse) {
    const handler = await apiHandler();
    let body: string | undefined;
    if (req.method === 'POST') {
      body = await readBody(req);
      if (new URL(req.url ?? '/', 'http://localhost').pathname === `${apiPrefix}/update`) {
        let update: Update;
        try {
          update = JSON.parse(body) as Update;
          if (!Array.isArray(update.additions) || !Array.isArray(update.deletions))
            throw new Error();
        } catch {
          send(res, 400, 'Bad data');
          return;
        }
        const reviewed = await reviewUpdate(update, contentDir);
        if ('problems' in reviewed) {
          send(res, 422, reviewed.problems);
          return;
        }
        body = JSON.stringify(reviewed.update);
      }
    }
    const response = await handler({
      method: req.method ?? 'GET',
      url: new URL(req.url ?? '/', `http://${req.headers.host ?? 'localhost'}`).toString(),
      headers: {
        get: (name) => {
          const value = req.headers[name.toLowerCase()];
          return Array.isArray(value) ? value.join(', ') : (value ?? null);
        },
      },
      json: async () => JSON.parse(body ?? 'null'),
    });
    const headers = new Headers(response.headers);
    headers.set('Cache-Control', 'no-store');
    res.writeHead(response.status ?? 200, Object.fromEntries(headers));
    res.end(response.body ?? undefined);
  }

  async function answerModule(req: IncomingMessage, res: ServerResponse) {
    const vite = await uiServer();
    vite.middlewares(req, res, () => send(res, 404, 'Not Found'));
  }

  const fail = (res: ServerResponse) => (error: unknown) => {
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
        const run = saving.then(() => answerApi(req, res));
        if (req.method === 'POST') saving = run.catch(() => {});
        run.catch(fail(res));
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
