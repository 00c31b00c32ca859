import { type Context, Hono } from 'hono';
import { ownerPaths } from '../../../../contracts/owner';
import { BodyReadError, readBodyText } from '../../../http/read-body';
import { isSameOriginPost } from '../../../http/same-origin';
import type { StaticFile } from '../../../http/static-files';
import { editorPolicy } from '../policy';
import type { RoomEnv } from '../room-request';
import type { ContentEditorApi } from './api';
import { saveMaxBytes } from './review';

/**
 * The content editor in the owner's room: Keystatic's app in local mode on the owner's working
 * copy (DATA_DIR/content). Mounted by server/features/room/router.ts after its session check, so every
 * path here needs a session (a page without one redirects to sign-in, a call answers 401).
 *
 *   GET /owner/editor, /owner/editor/*   the editor's document (the build's), under a policy of
 *                                        its own: scripts from this server only, inline styles
 *                                        (Keystatic inserts its styles at run time)
 *   /owner/api/editor/*                  Keystatic's API (api.ts): the working copy's tree,
 *                                        its files, and saves; a save also needs the same
 *                                        origin and is read within 32 MB
 *
 * The built editor asks for these paths because the build rewrites Keystatic's own
 * (scripts/content-editor/paths.ts).
 */

export interface ContentEditorDeps {
  /** The editor's document, from the build (dist/room/editor.html); null before a build has it. */
  page: StaticFile | null;
  /** The working copy's directory, made on first use. */
  workingCopy: () => Promise<string>;
}

export function editorRouter(
  { page, api }: { page: StaticFile | null; api: ContentEditorApi },
  { siteOrigin, requestTimeoutSeconds }: { siteOrigin: string; requestTimeoutSeconds: number },
) {
  const app = new Hono<RoomEnv>();
  const apiPrefix = `${ownerPaths.editorApi}/`;

  const document = (c: Context<RoomEnv>) =>
    page
      ? c.html(page.body.toString('utf8'), 200, {
          'Content-Security-Policy': editorPolicy,
          'Referrer-Policy': 'no-referrer',
        })
      : c.text('The content editor is missing from the build: run `npm run build`.', 503);
  const editorPath = ownerPaths.editor.slice(ownerPaths.room.length);
  app.get(editorPath, document);
  app.get(`${editorPath}/*`, document);

  app.all(`${ownerPaths.editorApi.slice(ownerPaths.room.length)}/*`, async (c) => {
    let body: string | undefined;
    if (c.req.method === 'POST') {
      if (!isSameOriginPost(c.req.raw.headers, siteOrigin)) {
        return c.text('Cross-site request refused.', 403);
      }
      try {
        body = await readBodyText(c.req.raw, {
          maxBytes: saveMaxBytes,
          // A save with pictures is larger than a form's body: it may take as long as Node lets
          // a whole request take (REQUEST_TIMEOUT_SECONDS, server/http-server.ts).
          deadlineMs: requestTimeoutSeconds * 1000,
        });
      } catch (error) {
        if (error instanceof BodyReadError && error.reason === 'too-large') {
          return c.text(
            `Not saved: a save may carry at most ${saveMaxBytes / 1024 / 1024} MB.`,
            413,
          );
        }
        return c.text('Bad data', 400);
      }
    }
    const { pathname } = new URL(c.req.url);
    return api.answer({
      method: c.req.method,
      path: pathname.slice(apiPrefix.length),
      headers: c.req.raw.headers,
      ...(body === undefined ? {} : { body }),
    });
  });
  return app;
}
