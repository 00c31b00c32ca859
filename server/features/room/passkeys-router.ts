import type { Context } from 'hono';
import { addPasskeyRequestSchema, removePasskeyRequestSchema } from '../../../contracts/owner';
import { roomApi } from '../../../contracts/room/api';
import type { Store } from '../../db/store';
import { audit } from './audit-log';
import {
  type RelyingParty,
  registerPasskey,
  registrationCeremony,
  removePasskey,
} from './passkeys';
import { type RoomEnv, type RoomRequests, roomApiRouter } from './room-request';
import { recentSignInMs } from './sessions';

/**
 * The owner's own passkeys, behind the room's session check (decision 023):
 *
 *   POST /api/passkeys/options   a ceremony to add one
 *   POST /api/passkeys           the new passkey, kept
 *   POST /api/passkeys/remove    one taken away (never the last), with its audit entry
 *
 * Each needs a sign-in from the last ten minutes: an older session answers 428 and the room asks
 * for a fresh passkey check (a sign-in from this browser, which replaces its session) first. A
 * browser left signed in, or a stolen session, cannot add a way in or take one away.
 */
export function passkeysRouter({
  store,
  rp,
  requests: { crossSite, bodyOf },
  clock,
}: {
  store: Store;
  rp: RelyingParty;
  requests: RoomRequests;
  clock: () => number;
}) {
  const app = roomApiRouter();

  const staleSignIn = (c: Context<RoomEnv>, now: number) =>
    now - c.var.session.signedInAt > recentSignInMs
      ? c.json({ error: 'For your safety, confirm it’s you with your passkey first.' }, 428)
      : null;

  app.post(roomApi.passkeysOptions, async (c) => {
    const now = clock();
    const refused = crossSite(c) ?? staleSignIn(c, now);
    if (refused) return refused;
    const { session } = c.var;
    return c.json(await registrationCeremony(store, rp, session, 'add-passkey', session.id, now));
  });

  app.post(roomApi.passkeys, async (c) => {
    const body = await bodyOf(c, addPasskeyRequestSchema);
    if ('answer' in body) return body.answer;
    const now = clock();
    const stale = staleSignIn(c, now);
    if (stale) return stale;
    const { session } = c.var;
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
    if (!added) return c.json({ error: 'That did not work. Please try again.' }, 400);
    await audit(store, session.id, 'add-passkey', { label: body.data.label }, now);
    return c.json({ ok: true });
  });

  app.post(roomApi.passkeysRemove, async (c) => {
    const body = await bodyOf(c, removePasskeyRequestSchema);
    if ('answer' in body) return body.answer;
    const now = clock();
    const stale = staleSignIn(c, now);
    if (stale) return stale;
    const removed = await removePasskey(store, c.var.session, body.data.id, now);
    if (removed === 'unknown') return c.json({ error: 'You have no such passkey.' }, 404);
    if (removed === 'last') {
      return c.json({ error: 'This is your only passkey: add another before you remove it.' }, 409);
    }
    return c.json({ ok: true });
  });

  return app;
}
