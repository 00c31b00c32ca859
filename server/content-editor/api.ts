/**
 * The content editor's API: Keystatic's generic route handler in local mode on a content
 * directory, with our checks in front of it (review.ts). One implementation for both places the
 * editor runs: the owner's room (router.ts, on the working copy, behind the session) and
 * `npm run dev` (scripts/content-editor/dev-middleware.ts, on content/). Each reads the
 * body within its limits and answers who may call; this decides what the call may touch.
 *
 * What Keystatic itself enforces (read in @keystatic/core 0.6.9's generic-*.node.js): a
 * `no-cors: 1` header on every call (a cross-site form cannot send it without a preflight nothing
 * answers), JSON for saves, and for a blob or a save no backslash, no `.` or `..` segment and a
 * path under one of the configuration's directories. It follows symbolic links, though, and the
 * directories are prefixes ("workshop" admits "workshop-x/…"), hence review.ts.
 */
import { keystaticConfig } from './keystatic-config';
import { staysInside } from './pictures';
import { editablePath, reviewUpdate } from './review';

export interface EditorApiRequest {
  method: string;
  /** What follows the API's prefix, as sent (percent-encoded): `tree`, `blob/<sha>/<path>`, `update`. */
  path: string;
  headers: { get(name: string): string | null };
  /** The body, already read within the caller's limits (POST). */
  body?: string;
}

/** Keystatic's handler: a request in its own shape to a response in its own. */
type Handler = ReturnType<typeof import('@keystatic/core/api/generic').makeGenericAPIRouteHandler>;

const refuse = (status: number, text: string) =>
  new Response(text, {
    status,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
  });

/**
 * The API on the content directory `contentDir` gives (called at each request, so the owner's
 * working copy can be made at first use). Saves run one at a time: each reads the files the one
 * before wrote.
 */
export function contentEditorApi(contentDir: () => Promise<string>) {
  const handlers = new Map<string, Promise<Handler>>();
  let saving: Promise<unknown> = Promise.resolve();

  const handlerFor = (dir: string) => {
    let handler = handlers.get(dir);
    if (!handler) {
      // Loaded at first use: the server starts without Keystatic's code until an owner edits.
      handler = import('@keystatic/core/api/generic').then(({ makeGenericAPIRouteHandler }) =>
        makeGenericAPIRouteHandler({ config: keystaticConfig(), localBaseDirectory: dir }),
      );
      handlers.set(dir, handler);
    }
    return handler;
  };

  async function answer(request: EditorApiRequest): Promise<Response> {
    const dir = await contentDir();
    let params: string[];
    try {
      // As Keystatic splits and decodes its path, so both see the same file path.
      params = request.path
        .split('/')
        .map((part) => decodeURIComponent(part))
        .filter(Boolean);
    } catch {
      return refuse(400, 'Bad Request');
    }
    let body = request.body;
    if (request.method === 'GET' && params[0] === 'blob') {
      const path = params.slice(2).join('/');
      if (!editablePath(path) || !(await staysInside(dir, path))) {
        return refuse(400, 'Bad Request');
      }
    } else if (request.method === 'POST' && params.join('/') === 'update') {
      let json: unknown;
      try {
        json = JSON.parse(body ?? '');
      } catch {
        return refuse(400, 'Bad data');
      }
      const review = await reviewUpdate(json, dir);
      if ('problem' in review) return refuse(review.status, review.problem);
      body = JSON.stringify(review.update);
    }
    const handler = await handlerFor(dir);
    const response = await handler({
      method: request.method,
      url: `http://localhost/api/keystatic/${request.path}`,
      headers: request.headers,
      json: async () => JSON.parse(body ?? 'null'),
    });
    const headers = new Headers(response.headers as HeadersInit | undefined);
    headers.set('Cache-Control', 'no-store');
    const content =
      response.body instanceof Uint8Array ? Buffer.from(response.body) : (response.body ?? null);
    return new Response(content, { status: response.status ?? 200, headers });
  }

  return (request: EditorApiRequest): Promise<Response> => {
    if (request.method !== 'POST') return answer(request);
    const run = saving.then(() => answer(request));
    saving = run.catch(() => {});
    return run;
  };
}
