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
import type { Update } from './update';

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

/** A change the server makes to the content on the owner's behalf, or why it cannot. */
export type ContentChange = Update | { status: 404 | 409; problem: string };

export type SaveResult =
  | { ok: true }
  | { ok: false; status: 404 | 409 | 400 | 422 | 500; problem: string };

export interface ContentEditorApi {
  /** A call of Keystatic's UI. */
  answer(request: EditorApiRequest): Promise<Response>;
  /**
   * A change the room makes for the owner (ending an experiment with its winner): `make` reads
   * the files it needs and answers the update. It runs in the queue of saves, so no editor's
   * save comes between its read and its write, and goes through the same review and writer as
   * a save from the editor.
   */
  save(make: (contentDir: string) => Promise<ContentChange>): Promise<SaveResult>;
}

/** What Keystatic's save call needs to hear that it comes from its own UI. */
const ownSaveHeaders = new Headers({ 'no-cors': '1', 'content-type': 'application/json' });

/**
 * The API on the content directory `contentDir` gives (called at each request, so the owner's
 * working copy can be made at first use). Saves run one at a time: each reads the files the one
 * before wrote.
 */
export function contentEditorApi(contentDir: () => Promise<string>): ContentEditorApi {
  const handlers = new Map<string, Promise<Handler>>();
  let saving: Promise<unknown> = Promise.resolve();
  const inTurn = <T>(work: () => Promise<T>): Promise<T> => {
    const run = saving.then(work);
    saving = run.catch(() => {});
    return run;
  };

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

  return {
    answer: (request) =>
      request.method === 'POST' ? inTurn(() => answer(request)) : answer(request),
    save: (make) =>
      inTurn(async (): Promise<SaveResult> => {
        const dir = await contentDir();
        const change = await make(dir);
        if ('problem' in change) return { ok: false, ...change };
        const review = await reviewUpdate(change, dir);
        if ('problem' in review) return { ok: false, ...review };
        const handler = await handlerFor(dir);
        const written = await handler({
          method: 'POST',
          url: 'http://localhost/api/keystatic/update',
          headers: ownSaveHeaders,
          json: async () => review.update,
        });
        return written.status === undefined || written.status === 200
          ? { ok: true }
          : { ok: false, status: 500, problem: 'The content could not be written.' };
      }),
  };
}
