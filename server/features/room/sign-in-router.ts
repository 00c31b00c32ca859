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
  clientOf,
  attemptsPerWindow,
  ...door
}: Door & {
  /** Sign-in and welcome attempts per client per quarter of an hour (OWNER_SIGN_IN_LIMIT). */
  attemptsPerWindow: number;
  clientOf: ClientOf;
}) {
  const limiter = createRateLimiter(door.store, {
    keyPrefix: 'owner-sign-in',
    points: attemptsPerWindow,
    duration: 15 * 60,
  });

  /** The answer that stops an attempt before its body is read: another site's, or one too many. */
  async function refusedAttempt(c: Context): Promise<Response | null> {
    const refused = door.requests.crossSite(c);
    if (refused) return refused;
    const verdict = await limiter.take(clientOf(c).address);
    return verdict.allowed
      ? null
      : c.json({ error: 'Too many attempts. Please wait a few minutes.' }, 429, {
          'Retry-After': String(verdict.retryAfterSeconds),
        });
  }
  /** A ceremony's call, answered once the attempt is let through. */
  const attempt = (call: DoorCall) => async (c: Context) =>
    (await refusedAttempt(c)) ?? call(c, door);

  const app = new Hono();
  app.get('/sign-in', (c) => signInPage(c, door));
  app.get('/welcome', door.requests.page);

  // The ceremonies' calls, open: no session is asked of them.
  const calls = roomApiRouter<Env>();
  calls.post(roomApi.signInOptions, attempt(signInOptions));
  calls.post(roomApi.signIn, attempt(signIn));
  calls.post(roomApi.welcomeOptions, attempt(welcomeOptions));
  calls.post(roomApi.welcome, attempt(welcome));

  return app.route('/', calls);
}

/** What the door's pages and calls are given. */
interface Door {
  store: Store;
  logger: Logger;
  rp: RelyingParty;
  requests: RoomRequests;
  clock: () => number;
}

/** One of the door's calls, past the check of its attempt. */
type DoorCall = (c: Context, door: Door) => Promise<Response>;

/** The sign-in page; a browser already signed in goes on to the room. */
async function signInPage(c: Context, { store, requests, clock }: Door) {
  const token = requests.cookie.read(c);
  if (token && (await sessionOf(store, token, clock()))) return c.redirect(ownerPaths.room, 303);
  return requests.page(c);
}

/** A passkey sign-in's challenge. */
const signInOptions: DoorCall = async (c, { store, rp, clock }) =>
  c.json(await signInCeremony(store, rp, clock()));

/** The signed challenge: a session, or a refusal (a tried passkey's counted in the audit log). */
const signIn: DoorCall = async (c, { store, logger, rp, requests: { bodyOf, cookie }, clock }) => {
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
};

/** The first passkey's challenge, for an invite still open. */
const welcomeOptions: DoorCall = async (c, { store, rp, requests: { bodyOf }, clock }) => {
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
};

/** The first passkey, kept (its invite spent with it), and a session. */
const welcome: DoorCall = async (c, { store, logger, rp, requests: { bodyOf, cookie }, clock }) => {
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
    return c.json({ error: 'That did not work. Please try again, or ask for a new invite.' }, 400);
  }
  cookie.write(c, await startSession(store, owner, 'welcome', now, cookie.read(c)));
  logger.info({ event: 'owner-welcome' }, 'owner enrolled a passkey through an invite');
  return c.json({ ok: true });
};
