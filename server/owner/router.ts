import { type Context, Hono } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { z } from 'zod';
import { fieldErrors } from '../../contracts/api-error';
import {
  addPasskeyRequestSchema,
  ownerPaths,
  signInRequestSchema,
  welcomeOptionsRequestSchema,
  welcomeRequestSchema,
} from '../../contracts/owner';
import { createRateLimiter, type RateLimitVerdict } from '../api/rate-limit';
import { BodyReadError, readBodyText } from '../api/read-body';
import { isSameOriginPost } from '../api/same-origin';
import type { Store } from '../db/store';
import type { Env } from '../env';
import type { ClientOf } from '../forwarded';
import type { Logger } from '../logger';
import type { StaticFile } from '../static-files';
import {
  audit,
  auditEntries,
  endSessions,
  type OwnerSession,
  ownerDetails,
  ownerOfInvite,
  sessionLifetimeMs,
  sessionOf,
  startSession,
} from './access';
import { type ContentEditorDeps, editorRouter } from './editor-router';
import { funnelRouter } from './funnel-router';
import {
  inviteSubject,
  type RelyingParty,
  registerPasskey,
  registrationCeremony,
  signInCeremony,
  verifySignIn,
} from './passkeys';
import type { Publisher } from './publish/publisher';
import { publishRouter } from './publish/router';

/**
 * /owner on the main site: the owner's room (docs/decisions/018-owner-sign-in.md). Its sign-in
 * and welcome pages and their four API calls are open; every other page and call needs a
 * session, else a page redirects to the sign-in page and a call answers 401. Nothing here is
 * cached or indexed. The app sends it only requests for the main site's own host (isRoomHost):
 * a cookie set here is never offered, nor accepted, elsewhere.
 */

export interface OwnerRoomDeps {
  env: Pick<Env, 'SITE_URL' | 'BODY_TIMEOUT_SECONDS' | 'REQUEST_TIMEOUT_SECONDS'>;
  logger: Logger;
  store: Store;
  clientOf: ClientOf;
  /** The room's page (one document; its script shows sign-in, welcome or the room). */
  room: StaticFile | null;
  /** The content editor (editor-router.ts); without it /owner/editor is the room's page. */
  editor?: ContentEditorDeps;
  /** Publish, roll back and preview; absent where there is no built site to publish (dev). */
  publisher?: Publisher | null;
  clock?: () => number;
}

/** Sign-in and welcome attempts per client per quarter of an hour (two calls each). */
export const signInAttemptsPerWindow = 20;

const maxBodyBytes = 64 * 1024;
const cookieName = 'owner_session';

export type RoomEnv = { Variables: { session: OwnerSession } };

/** Reads a POST's JSON body for the room: same origin, within limits, checked with its schema. */
export type BodyOf = <Schema extends z.ZodType>(
  c: Context,
  schema: Schema,
) => Promise<{ data: z.output<Schema> } | { answer: Response }>;

export function ownerRouter({
  env,
  logger,
  store,
  clientOf,
  room,
  editor,
  publisher = null,
  clock = Date.now,
}: OwnerRoomDeps) {
  const site = new URL(env.SITE_URL);
  const rp: RelyingParty = { id: site.hostname, name: site.hostname, origin: site.origin };
  const signInLimiter = createRateLimiter(store, {
    keyPrefix: 'owner-sign-in',
    points: signInAttemptsPerWindow,
    duration: 15 * 60,
  });
  const app = new Hono<RoomEnv>().basePath(ownerPaths.room);

  app.use('*', async (c, next) => {
    await next();
    c.header('Cache-Control', 'no-store');
    c.header('X-Robots-Tag', 'noindex, nofollow');
  });

  /** `__Host-` (Secure, host-only, path /) over HTTPS; plain HTTP (local runs) cannot hold it. */
  const secure = (c: Context) => clientOf(c).protocol === 'https';
  const readSession = (c: Context) =>
    getCookie(c, cookieName, secure(c) ? 'host' : undefined) ?? null;
  const writeSession = (c: Context, token: string) =>
    setCookie(c, cookieName, token, {
      ...(secure(c) ? { prefix: 'host' as const, secure: true } : {}),
      httpOnly: true,
      sameSite: 'Strict',
      path: '/',
      maxAge: sessionLifetimeMs / 1000,
    });
  const clearSession = (c: Context) =>
    deleteCookie(c, cookieName, {
      ...(secure(c) ? { prefix: 'host' as const, secure: true } : {}),
      path: '/',
    });

  const page = (c: Context) =>
    room
      ? c.html(room.body.toString('utf8'))
      : c.text('The owner’s room is missing from the build: run `npm run build`.', 503);

  /** A JSON body read within limits and checked with its schema; or the 4xx answer. */
  const bodyOf: BodyOf = async (c, schema) => {
    if (!isSameOriginPost(c.req.raw.headers, site.origin)) {
      return { answer: c.json({ error: 'Cross-site request refused.' }, 403) };
    }
    let json: unknown;
    try {
      json = JSON.parse(
        await readBodyText(c.req.raw, {
          maxBytes: maxBodyBytes,
          deadlineMs: env.BODY_TIMEOUT_SECONDS * 1000,
        }),
      );
    } catch (error) {
      if (error instanceof BodyReadError && error.reason === 'too-large') {
        return { answer: c.json({ error: 'Request too large.' }, 413) };
      }
      return { answer: c.json({ error: 'Send JSON.' }, 400) };
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) {
      return {
        answer: c.json({ error: 'Check the request.', fields: fieldErrors(parsed.error) }, 400),
      };
    }
    return { data: parsed.data };
  };

  const tooMany = (c: Context, verdict: RateLimitVerdict) =>
    verdict.allowed
      ? null
      : c.json({ error: 'Too many attempts. Please wait a few minutes.' }, 429, {
          'Retry-After': String(verdict.retryAfterSeconds),
        });

  const refused = (c: Context) =>
    c.json({ error: 'That did not work. Please try again, or ask for a new invite.' }, 400);

  // Open: the pages that let an owner in, and their ceremonies.
  app.get('/sign-in', async (c) => {
    const token = readSession(c);
    if (token && (await sessionOf(store, token, clock()))) return c.redirect(ownerPaths.room, 303);
    return page(c);
  });
  app.get('/welcome', page);

  app.post('/api/sign-in/options', async (c) => {
    const limited = tooMany(c, await signInLimiter.take(clientOf(c).address));
    if (limited) return limited;
    if (!isSameOriginPost(c.req.raw.headers, site.origin)) {
      return c.json({ error: 'Cross-site request refused.' }, 403);
    }
    return c.json(await signInCeremony(store, rp, clock()));
  });
  app.post('/api/sign-in', async (c) => {
    const limited = tooMany(c, await signInLimiter.take(clientOf(c).address));
    if (limited) return limited;
    const body = await bodyOf(c, signInRequestSchema);
    if ('answer' in body) return body.answer;
    const now = clock();
    const owner = await verifySignIn(store, rp, body.data.challengeId, body.data.credential, now);
    if (!owner) {
      await audit(store, null, 'sign-in-refused', {}, now);
      logger.warn({ event: 'owner-sign-in-refused' }, 'owner sign-in refused');
      return c.json({ error: 'That passkey did not open the room. Please try again.' }, 401);
    }
    writeSession(c, await startSession(store, owner, 'sign-in', now));
    logger.info({ event: 'owner-sign-in' }, 'owner signed in');
    return c.json({ ok: true });
  });

  app.post('/api/welcome/options', async (c) => {
    const limited = tooMany(c, await signInLimiter.take(clientOf(c).address));
    if (limited) return limited;
    const body = await bodyOf(c, welcomeOptionsRequestSchema);
    if ('answer' in body) return body.answer;
    const now = clock();
    const owner = await ownerOfInvite(store, body.data.invite, now);
    if (!owner) {
      return c.json(
        { error: 'This invite link has expired or was already used. Ask for a new one.' },
        410,
      );
    }
    const subject = inviteSubject(body.data.invite);
    return c.json(await registrationCeremony(store, rp, owner, 'welcome', subject, now));
  });
  app.post('/api/welcome', async (c) => {
    const limited = tooMany(c, await signInLimiter.take(clientOf(c).address));
    if (limited) return limited;
    const body = await bodyOf(c, welcomeRequestSchema);
    if ('answer' in body) return body.answer;
    const now = clock();
    const owner = await ownerOfInvite(store, body.data.invite, now);
    const added =
      owner &&
      (await registerPasskey(
        store,
        rp,
        {
          owner,
          purpose: 'welcome',
          subject: inviteSubject(body.data.invite),
          challengeId: body.data.challengeId,
          credential: body.data.credential,
          label: body.data.label,
        },
        now,
      ));
    if (!owner || !added) return refused(c);
    writeSession(c, await startSession(store, owner, 'welcome', now));
    logger.info({ event: 'owner-welcome' }, 'owner enrolled a passkey through an invite');
    return c.json({ ok: true });
  });

  // Everything else needs a session.
  app.use('*', async (c, next) => {
    const token = readSession(c);
    const session = token ? await sessionOf(store, token, clock()) : null;
    if (!session) {
      if (token) clearSession(c);
      if (c.req.method === 'GET' && !c.req.path.startsWith(`${ownerPaths.api}/`)) {
        return c.redirect(ownerPaths.signIn, 303);
      }
      return c.json({ error: 'Please sign in.' }, 401);
    }
    c.set('session', session);
    await next();
  });

  app.get('/api/me', async (c) => c.json(await ownerDetails(store, c.var.session, clock())));
  app.get('/api/audit', async (c) => c.json({ entries: await auditEntries(store, 100) }));

  app.post('/api/sign-out', async (c) => signOut(c, false));
  app.post('/api/sign-out-everywhere', async (c) => signOut(c, true));
  async function signOut(c: Context<RoomEnv>, everywhere: boolean) {
    if (!isSameOriginPost(c.req.raw.headers, site.origin)) {
      return c.json({ error: 'Cross-site request refused.' }, 403);
    }
    await endSessions(store, c.var.session, everywhere, clock());
    clearSession(c);
    return c.json({ ok: true });
  }

  app.post('/api/passkeys/options', async (c) => {
    if (!isSameOriginPost(c.req.raw.headers, site.origin)) {
      return c.json({ error: 'Cross-site request refused.' }, 403);
    }
    const { session } = c.var;
    return c.json(
      await registrationCeremony(store, rp, session, 'add-passkey', session.id, clock()),
    );
  });
  app.post('/api/passkeys', async (c) => {
    const body = await bodyOf(c, addPasskeyRequestSchema);
    if ('answer' in body) return body.answer;
    const { session } = c.var;
    const now = clock();
    const added = await registerPasskey(
      store,
      rp,
      {
        owner: session,
        purpose: 'add-passkey',
        subject: session.id,
        challengeId: body.data.challengeId,
        credential: body.data.credential,
        label: body.data.label,
      },
      now,
    );
    if (!added) return refused(c);
    await audit(store, session.id, 'add-passkey', { label: body.data.label }, now);
    return c.json({ ok: true });
  });

  app.route('/api', funnelRouter({ store, bodyOf, clock }));
  if (publisher) {
    app.route('/', publishRouter({ publisher, store, logger, siteOrigin: site.origin, clock }));
  }
  if (editor) {
    app.route(
      '/',
      editorRouter(editor, {
        siteOrigin: site.origin,
        requestTimeoutSeconds: env.REQUEST_TIMEOUT_SECONDS,
      }),
    );
  }

  app.all('/api/*', (c) => c.json({ error: 'Not found' }, 404));
  app.get('/', page);
  app.get('/*', page);
  return app;
}

/** Whether a request is for the room's host: exactly the main site's (SITE_URL's) host and port. */
export function isRoomHost(siteUrl: string, requestUrl: string): boolean {
  return new URL(requestUrl).host === new URL(siteUrl).host;
}
