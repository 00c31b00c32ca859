import { type Context, Hono, type MiddlewareHandler } from 'hono';
import { ownerPaths } from '../../../contracts/owner';
import { roomApi } from '../../../contracts/room/api';
import type { Store } from '../../db/store';
import type { Env } from '../../env';
import type { ClientOf } from '../../http/forwarded';
import type { StaticFile } from '../../http/static-files';
import type { Logger } from '../../logger';
import { auditEntries } from './audit-log';
import { type ContentEditorApi, contentEditorApi } from './editor/api';
import { type ContentEditorDeps, editorRouter } from './editor/router';
import { outboxRouter } from './outbox-router';
import type { RelyingParty } from './passkeys';
import { passkeysRouter } from './passkeys-router';
import { roomPolicy } from './policy';
import type { Publisher } from './publish/publisher';
import { publishRouter } from './publish/router';
import {
  type BodyOf,
  type RoomEnv,
  type RoomRequests,
  roomApiRouter,
  roomRequests,
} from './room-request';
import { endSessions, ownerDetails, sessionOf } from './sessions';
import { signInRouter } from './sign-in-router';

/**
 * /owner on the main site: the owner's room (docs/decisions/018-owner-sign-in.md), as a table of
 * its parts. The sign-in and welcome pages and their calls are open (sign-in-router.ts); every
 * other page and call needs a session, else a page redirects to the sign-in page and a call
 * answers 401. Nothing here is cached or indexed, and every answer carries the room's own policy
 * (policy.ts), which lets no analytics host in. The app sends it only requests for the main
 * site's own host (isRoomHost): a cookie set here is never offered, nor accepted, elsewhere.
 */

export interface OwnerRoomDeps {
  env: Pick<
    Env,
    'SITE_URL' | 'BODY_TIMEOUT_SECONDS' | 'REQUEST_TIMEOUT_SECONDS' | 'OWNER_SIGN_IN_LIMIT'
  >;
  logger: Logger;
  store: Store;
  clientOf: ClientOf;
  /** The room's page (one document; its script shows sign-in, welcome or the room). */
  room: StaticFile | null;
  /** The content editor (server/features/room/editor/router.ts); without it /owner/editor is the room. */
  editor?: ContentEditorDeps;
  /** Publish, roll back and preview; absent where there is no built site to publish (dev). */
  publisher?: Publisher | null;
  /** The features' room APIs (server/feature-list.ts), each mounted behind the session check. */
  parts?: readonly RoomPart[];
  clock?: () => number;
}

/** What the room gives every feature's room API: the store, its body reader, the clock. */
export interface RoomTools {
  store: Store;
  logger: Logger;
  /** The room's body reader: same origin, size and time limits, the schema. */
  bodyOf: BodyOf;
  clock: () => number;
  /** The editor's API, which the editor's saves and the room's own changes share; none in dev. */
  editor: ContentEditorApi | null;
  /** Publish and preview; none where there is no built site to publish (dev). */
  publisher: Publisher | null;
}

/** A feature's part of the room's API: routes under /owner, made from the room's tools. */
export type RoomPart = (tools: RoomTools) => Hono<RoomEnv>;

export function ownerRouter({
  env,
  logger,
  store,
  clientOf,
  room,
  editor,
  publisher = null,
  parts = [],
  clock = Date.now,
}: OwnerRoomDeps) {
  const site = new URL(env.SITE_URL);
  const rp: RelyingParty = { id: site.hostname, name: site.hostname, origin: site.origin };
  const requests = roomRequests({
    siteUrl: env.SITE_URL,
    bodyTimeoutSeconds: env.BODY_TIMEOUT_SECONDS,
    room,
  });
  const { bodyOf, page } = requests;
  const app = new Hono<RoomEnv>().basePath(ownerPaths.room);

  app.use('*', roomHeaders);

  app.route(
    '/',
    signInRouter({
      store,
      logger,
      rp,
      clientOf,
      requests,
      clock,
      attemptsPerWindow: env.OWNER_SIGN_IN_LIMIT,
    }),
  );

  // Everything else needs a session.
  app.use('*', sessionCheck(store, requests, clock));
  app.route('/', ownerCallsRouter(store, requests, clock));

  app.route('/', passkeysRouter({ store, rp, requests, clock }));
  app.route('/', outboxRouter({ store, bodyOf }));
  // One editor API for the editor's saves and the room's own changes, so they take turns.
  const editorApi = editor ? contentEditorApi(editor.workingCopy) : null;
  const tools: RoomTools = { store, logger, bodyOf, clock, editor: editorApi, publisher };
  for (const part of parts) app.route('/', part(tools));
  if (publisher) {
    app.route(
      '/',
      publishRouter({ publisher, store, logger, siteOrigin: site.origin, bodyOf, clock }),
    );
  }
  if (editor && editorApi) {
    app.route(
      '/',
      editorRouter(
        { page: editor.page, api: editorApi },
        { siteOrigin: site.origin, requestTimeoutSeconds: env.REQUEST_TIMEOUT_SECONDS },
      ),
    );
  }

  app.all('/api/*', (c) => c.json({ error: 'Not found' }, 404));
  app.get('/', page);
  app.get('/*', page);
  return app;
}

/**
 * Every answer of the room: never cached or indexed, under the room's own policy, which lets no
 * analytics host in; the editor's page brings its own, a little wider (inline styles for
 * Keystatic).
 */
const roomHeaders: MiddlewareHandler<RoomEnv> = async (c, next) => {
  await next();
  c.header('Cache-Control', 'no-store');
  c.header('X-Robots-Tag', 'noindex, nofollow');
  if (!c.res.headers.has('Content-Security-Policy')) {
    c.header('Content-Security-Policy', roomPolicy);
  }
};

/**
 * Lets a request with a session through, the session beside it; without one (a stale cookie is
 * cleared), a page goes to the sign-in page and a call answers 401.
 */
function sessionCheck(
  store: Store,
  { cookie }: RoomRequests,
  clock: () => number,
): MiddlewareHandler<RoomEnv> {
  return async (c, next) => {
    const token = cookie.read(c);
    const session = token ? await sessionOf(store, token, clock()) : null;
    if (!session) {
      if (token) cookie.clear(c);
      if (c.req.method === 'GET' && !c.req.path.startsWith(`${ownerPaths.api}/`)) {
        return c.redirect(ownerPaths.signIn, 303);
      }
      return c.json({ error: 'Please sign in.' }, 401);
    }
    c.set('session', session);
    await next();
  };
}

/** The owner's own calls: who they are, the audit log, signing out here or everywhere. */
function ownerCallsRouter(store: Store, { cookie, crossSite }: RoomRequests, clock: () => number) {
  const signOut = (everywhere: boolean) => async (c: Context<RoomEnv>) => {
    const refused = crossSite(c);
    if (refused) return refused;
    await endSessions(store, c.var.session, everywhere, clock());
    cookie.clear(c);
    return c.json({ ok: true });
  };
  return roomApiRouter()
    .get(roomApi.me, async (c) => c.json(await ownerDetails(store, c.var.session, clock())))
    .get(roomApi.audit, async (c) => c.json({ entries: await auditEntries(store, 100) }))
    .post(roomApi.signOut, signOut(false))
    .post(roomApi.signOutEverywhere, signOut(true));
}

/** Whether a request is for the room's host: exactly the main site's (SITE_URL's) host and port. */
export function isRoomHost(siteUrl: string, requestUrl: string): boolean {
  return new URL(requestUrl).host === new URL(siteUrl).host;
}
