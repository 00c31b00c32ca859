import { type Context, type Env, Hono } from 'hono';
import {
  ownerPaths,
  signInRequestSchema,
  welcomeOptionsRequestSchema,
  welcomeRequestSchema,
} from '../../../contracts/owner';
import { roomApi } from '../../../contracts/room/api';
import type { Store } from '../../db/store';
import type { ClientOf } from '../../http/forwarded';
import { createRateLimiter } from '../../http/rate-limit';
import type { Logger } from '../../logger';
import { auditRefusedSignIn } from './audit-log';
import { ownerOfInvite } from './owner-invites';
import {
  inviteSubject,
  type RelyingParty,
  registerPasskey,
  registrationCeremony,
  signInCeremony,
  verifySignIn,
} from './passkeys';
import { type RoomRequests, roomApiRouter } from './room-request';
import { sessionOf, startSession } from './sessions';

/**
 * The room's open door (docs/decisions/018-owner-sign-in.md): the sign-in and welcome pages and
 * their four ceremony calls, the only ones that need no session.
 *
 *   GET  /sign-in, /welcome                the room's page (sign-in leads on to the room if signed in)
 *   POST /api/sign-in/options, /api/sign-in      a passkey sign-in
 *   POST /api/welcome/options, /api/welcome      the first passkey, through an invite
 *
 * Each call is limited per client; a call from another site is refused before it spends any of
 * that budget, so a page elsewhere cannot lock the owner out (decision 023).
 */
export function signInRouter({
  store,
  logger,
  rp,
  clientOf,
  requests: { cookie, crossSite, bodyOf, page },
  clock,
  attemptsPerWindow,
}: {
  /** Sign-in and welcome attempts per client per quarter of an hour (OWNER_SIGN_IN_LIMIT). */
  attemptsPerWindow: number;
  store: Store;
  logger: Logger;
  rp: RelyingParty;
  clientOf: ClientOf;
  requests: RoomRequests;
  clock: () => number;
}) {
  const limiter = createRateLimiter(store, {
    keyPrefix: 'owner-sign-in',
    points: attemptsPerWindow,
    duration: 15 * 60,
  });
  const app = new Hono();

  /** The answer that stops an attempt before its body is read: another site's, or one too many. */
  async function refusedAttempt(c: Context): Promise<Response | null> {
    const refused = crossSite(c);
    if (refused) return refused;
    const verdict = await limiter.take(clientOf(c).address);
    return verdict.allowed
      ? null
      : c.json({ error: 'Too many attempts. Please wait a few minutes.' }, 429, {
          'Retry-After': String(verdict.retryAfterSeconds),
        });
  }

  app.get('/sign-in', async (c) => {
    const token = cookie.read(c);
    if (token && (await sessionOf(store, token, clock()))) return c.redirect(ownerPaths.room, 303);
    return page(c);
  });
  app.get('/welcome', page);

  // The ceremonies' calls, open: no session is asked of them.
  const calls = roomApiRouter<Env>();
  calls.post(roomApi.signInOptions, async (c) => {
    const refused = await refusedAttempt(c);
    if (refused) return refused;
    return c.json(await signInCeremony(store, rp, clock()));
  });
  calls.post(roomApi.signIn, async (c) => {
    const refused = await refusedAttempt(c);
    if (refused) return refused;
    const body = await bodyOf(c, signInRequestSchema);
    if ('answer' in body) return body.answer;
    const now = clock();
    const outcome = await verifySignIn(store, rp, body.data.challengeId, body.data.credential, now);
    if ('refused' in outcome) {
      // A challenge we never gave (or gave and took back) means no passkey was tried: no entry,
      // so the log cannot be flooded with made-up attempts.
      if (outcome.refused === 'passkey') await auditRefusedSignIn(store, now);
      logger.warn(
        { event: 'owner-sign-in-refused', reason: outcome.refused },
        'owner sign-in refused',
      );
      return c.json({ error: 'That passkey did not open the room. Please try again.' }, 401);
    }
    // Signing in again from a signed-in browser (a fresh passkey check) replaces its session.
    cookie.write(c, await startSession(store, outcome.owner, 'sign-in', now, cookie.read(c)));
    logger.info({ event: 'owner-sign-in' }, 'owner signed in');
    return c.json({ ok: true });
  });

  calls.post(roomApi.welcomeOptions, async (c) => {
    const refused = await refusedAttempt(c);
    if (refused) return refused;
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
  calls.post(roomApi.welcome, async (c) => {
    const refused = await refusedAttempt(c);
    if (refused) return refused;
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
    if (!owner || !added) {
      return c.json(
        { error: 'That did not work. Please try again, or ask for a new invite.' },
        400,
      );
    }
    cookie.write(c, await startSession(store, owner, 'welcome', now, cookie.read(c)));
    logger.info({ event: 'owner-welcome' }, 'owner enrolled a passkey through an invite');
    return c.json({ ok: true });
  });

  return app.route('/', calls);
}
