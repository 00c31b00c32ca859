import { createHash, randomBytes } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { isoAt, type Store } from '../../db/store';
import { recordAudit } from './audit-log';

/**
 * Who is in the owner's room (docs/decisions/018-owner-sign-in.md): an owner's browser sessions,
 * opened by a passkey, idle after a while and ended in any case after a week. Secrets (invite
 * and session tokens) are kept only as SHA-256 hashes: a copy of the database opens nothing.
 */

/** A session ends after this long without a request… */
export const sessionIdleMs = 12 * 3_600_000;
/** …and in any case this long after signing in. */
export const sessionLifetimeMs = 7 * 24 * 3_600_000;
/**
 * Changing the owner's passkeys needs a sign-in this recent (else a fresh passkey check): a
 * browser left signed in cannot quietly add a way in or take one away (decision 023).
 */
export const recentSignInMs = 10 * 60_000;
/** A session's last use is written at most this often, not on every request. */
const touchEveryMs = 60_000;

export const hashToken = (token: string): string =>
  createHash('sha256').update(token).digest('base64url');
export const newToken = (): string => randomBytes(32).toString('base64url');

export interface OwnerIdentity {
  id: string;
  name: string;
}

/** The sessions still open at `now`: not ended, not expired, not idle. */
export const openSessions = (store: Store, now: number) =>
  store.db
    .selectFrom('owner_sessions')
    .where('owner_sessions.revoked_at', 'is', null)
    .where('owner_sessions.expires_at', '>', isoAt(now))
    .where('owner_sessions.last_seen_at', '>', isoAt(now - sessionIdleMs));

/**
 * Opens a session for an owner who just proved a passkey: answers the cookie's token. The
 * browser's session before it (`replaces`, its token), if any, ends in the same step: signing in
 * again from a signed-in browser, as a fresh passkey check does, leaves one session open, not two.
 */
export async function startSession(
  store: Store,
  owner: OwnerIdentity,
  how: 'sign-in' | 'welcome',
  now: number,
  replaces: string | null = null,
): Promise<string> {
  const token = newToken();
  await store.write(async (trx) => {
    if (replaces !== null) {
      await trx
        .updateTable('owner_sessions')
        .set({ revoked_at: isoAt(now) })
        .where('token_hash', '=', hashToken(replaces))
        .where('revoked_at', 'is', null)
        .execute();
    }
    await trx
      .insertInto('owner_sessions')
      .values({
        token_hash: hashToken(token),
        owner_id: owner.id,
        created_at: isoAt(now),
        last_seen_at: isoAt(now),
        expires_at: isoAt(now + sessionLifetimeMs),
        revoked_at: null,
      })
      .execute();
    await recordAudit(trx, owner.id, how, {}, now);
  });
  return token;
}

export interface OwnerSession extends OwnerIdentity {
  tokenHash: string;
  /** When this browser's owner last proved a passkey (signed in, or enrolled through an invite). */
  signedInAt: number;
}

/** The owner a session token belongs to, while it is open; keeps it from going idle. */
export async function sessionOf(
  store: Store,
  token: string,
  now: number,
): Promise<OwnerSession | null> {
  const tokenHash = hashToken(token);
  const row = await openSessions(store, now)
    .innerJoin('owners', 'owners.id', 'owner_sessions.owner_id')
    .select([
      'owners.id',
      'owners.name',
      'owner_sessions.created_at',
      'owner_sessions.last_seen_at',
    ])
    .where('owner_sessions.token_hash', '=', tokenHash)
    .where('owners.revoked_at', 'is', null)
    .executeTakeFirst();
  if (!row) return null;
  if (Date.parse(row.last_seen_at) < now - touchEveryMs) {
    await store.write((trx) =>
      trx
        .updateTable('owner_sessions')
        .set({ last_seen_at: isoAt(now) })
        .where('token_hash', '=', tokenHash)
        .execute(),
    );
  }
  return { id: row.id, name: row.name, tokenHash, signedInAt: Date.parse(row.created_at) };
}

/** Signs out one browser (`tokenHash`) or, with `everywhere`, every browser of this owner. */
export async function endSessions(
  store: Store,
  session: OwnerSession,
  everywhere: boolean,
  now: number,
): Promise<void> {
  await store.write(async (trx) => {
    await trx
      .updateTable('owner_sessions')
      .set({ revoked_at: isoAt(now) })
      .where('revoked_at', 'is', null)
      .$if(everywhere, (qb) => qb.where('owner_id', '=', session.id))
      .$if(!everywhere, (qb) => qb.where('token_hash', '=', session.tokenHash))
      .execute();
    await recordAudit(trx, session.id, everywhere ? 'sign-out-everywhere' : 'sign-out', {}, now);
  });
}

/** Ends every open session of an owner (one revoked), within the revoke's transaction. */
export async function endSessionsOf(
  trx: Transaction<Database>,
  ownerId: string,
  now: number,
): Promise<void> {
  await trx
    .updateTable('owner_sessions')
    .set({ revoked_at: isoAt(now) })
    .where('owner_id', '=', ownerId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** What the room shows of the signed-in owner. */
export async function ownerDetails(store: Store, session: OwnerSession, now: number) {
  const passkeys = await store.db
    .selectFrom('owner_passkeys')
    .select(['id', 'label', 'created_at', 'last_used_at'])
    .where('owner_id', '=', session.id)
    .orderBy('created_at')
    .execute();
  const sessions = await openSessions(store, now)
    .select('token_hash')
    .where('owner_id', '=', session.id)
    .execute();
  return {
    name: session.name,
    passkeys: passkeys.map((passkey) => ({
      id: passkey.id,
      label: passkey.label,
      createdAt: passkey.created_at,
      lastUsedAt: passkey.last_used_at,
    })),
    sessions: sessions.length,
  };
}
