import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Store } from '../db/store';

/**
 * Who may enter the owner's room, and who is in it (docs/decisions/018-owner-sign-in.md): owners,
 * their one-time invites, their browser sessions and the audit log. Secrets (invite and session
 * tokens) are kept only as SHA-256 hashes: a copy of the database opens nothing.
 */

/** An invite link works once, for this long. */
export const inviteLifetimeMs = 15 * 60_000;
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
const iso = (ms: number) => new Date(ms).toISOString();

export interface OwnerIdentity {
  id: string;
  name: string;
}

/** An owner's name as typed on the command line: trimmed, printable, at most 60 characters. */
export function ownerName(raw: string): string {
  const name = raw.trim();
  if (name.length === 0 || name.length > 60 || /\p{Cc}/u.test(name)) {
    throw new Error('An owner name is 1 to 60 printable characters.');
  }
  return name;
}

/**
 * A one-time link for `name`: a new owner, or another passkey for an existing one (the way back
 * for an owner who lost theirs). Answers the token to put in the link; only its hash is kept.
 */
export async function inviteOwner(
  store: Store,
  rawName: string,
  now: number,
): Promise<{ token: string; owner: OwnerIdentity; isNew: boolean; expiresAt: string }> {
  const name = ownerName(rawName);
  const token = newToken();
  const expiresAt = iso(now + inviteLifetimeMs);
  return store.write(async (trx) => {
    const existing = (
      await trx
        .selectFrom('owners')
        .select(['id', 'name'])
        .where('revoked_at', 'is', null)
        .execute()
    ).find((owner) => owner.name.toLowerCase() === name.toLowerCase());
    const owner = existing ?? { id: randomUUID(), name };
    if (!existing) {
      await trx
        .insertInto('owners')
        .values({ ...owner, created_at: iso(now), revoked_at: null })
        .execute();
    }
    await trx
      .insertInto('owner_invites')
      .values({
        token_hash: hashToken(token),
        owner_id: owner.id,
        created_at: iso(now),
        expires_at: expiresAt,
        used_at: null,
      })
      .execute();
    await trx
      .insertInto('audit_log')
      .values(auditRow(null, 'invite', { owner: owner.name, isNew: !existing }, now))
      .execute();
    return { token, owner, isNew: !existing, expiresAt };
  });
}

/** The owner an invite is for, while it is unused, unexpired and its owner not revoked. */
export async function ownerOfInvite(
  store: Store,
  token: string,
  now: number,
): Promise<OwnerIdentity | null> {
  const row = await store.db
    .selectFrom('owner_invites')
    .innerJoin('owners', 'owners.id', 'owner_invites.owner_id')
    .select(['owners.id', 'owners.name'])
    .where('owner_invites.token_hash', '=', hashToken(token))
    .where('owner_invites.used_at', 'is', null)
    .where('owner_invites.expires_at', '>', iso(now))
    .where('owners.revoked_at', 'is', null)
    .executeTakeFirst();
  return row ?? null;
}

export interface OwnerSummary {
  name: string;
  createdAt: string;
  revokedAt: string | null;
  passkeys: number;
  openSessions: number;
}

export async function listOwners(store: Store, now: number): Promise<OwnerSummary[]> {
  const owners = await store.db
    .selectFrom('owners')
    .select(['id', 'name', 'created_at', 'revoked_at'])
    .orderBy('created_at')
    .execute();
  const passkeys = await store.db.selectFrom('owner_passkeys').select('owner_id').execute();
  const sessions = await openSessions(store, now).select('owner_id').execute();
  const count = (rows: { owner_id: string }[], id: string) =>
    rows.filter((row) => row.owner_id === id).length;
  return owners.map((owner) => ({
    name: owner.name,
    createdAt: owner.created_at,
    revokedAt: owner.revoked_at,
    passkeys: count(passkeys, owner.id),
    openSessions: count(sessions, owner.id),
  }));
}

/**
 * Takes an owner's way in away: their passkeys, sessions and unused invites go at once.
 * Answers false when no active owner has that name.
 */
export async function revokeOwner(store: Store, rawName: string, now: number): Promise<boolean> {
  const name = ownerName(rawName);
  return store.write(async (trx) => {
    const owner = (
      await trx
        .selectFrom('owners')
        .select(['id', 'name'])
        .where('revoked_at', 'is', null)
        .execute()
    ).find((candidate) => candidate.name.toLowerCase() === name.toLowerCase());
    if (!owner) return false;
    await trx
      .updateTable('owners')
      .set({ revoked_at: iso(now) })
      .where('id', '=', owner.id)
      .execute();
    await trx.deleteFrom('owner_passkeys').where('owner_id', '=', owner.id).execute();
    await trx.deleteFrom('owner_invites').where('owner_id', '=', owner.id).execute();
    await trx
      .updateTable('owner_sessions')
      .set({ revoked_at: iso(now) })
      .where('owner_id', '=', owner.id)
      .where('revoked_at', 'is', null)
      .execute();
    await trx
      .insertInto('audit_log')
      .values(auditRow(null, 'revoke', { owner: owner.name }, now))
      .execute();
    return true;
  });
}

const openSessions = (store: Store, now: number) =>
  store.db
    .selectFrom('owner_sessions')
    .where('owner_sessions.revoked_at', 'is', null)
    .where('owner_sessions.expires_at', '>', iso(now))
    .where('owner_sessions.last_seen_at', '>', iso(now - sessionIdleMs));

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
        .set({ revoked_at: iso(now) })
        .where('token_hash', '=', hashToken(replaces))
        .where('revoked_at', 'is', null)
        .execute();
    }
    await trx
      .insertInto('owner_sessions')
      .values({
        token_hash: hashToken(token),
        owner_id: owner.id,
        created_at: iso(now),
        last_seen_at: iso(now),
        expires_at: iso(now + sessionLifetimeMs),
        revoked_at: null,
      })
      .execute();
    await trx
      .insertInto('audit_log')
      .values(auditRow(owner.id, how, {}, now))
      .execute();
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
        .set({ last_seen_at: iso(now) })
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
      .set({ revoked_at: iso(now) })
      .where('revoked_at', 'is', null)
      .$if(everywhere, (qb) => qb.where('owner_id', '=', session.id))
      .$if(!everywhere, (qb) => qb.where('token_hash', '=', session.tokenHash))
      .execute();
    await trx
      .insertInto('audit_log')
      .values(auditRow(session.id, everywhere ? 'sign-out-everywhere' : 'sign-out', {}, now))
      .execute();
  });
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

export type AuditAction =
  | 'invite'
  | 'revoke'
  | 'welcome'
  | 'sign-in'
  | 'sign-in-refused'
  | 'sign-out'
  | 'sign-out-everywhere'
  | 'add-passkey'
  | 'remove-passkey'
  | 'publish'
  | 'publish-failed'
  | 'rollback'
  | 'export'
  | 'erase';

/** An audit entry to insert within another write (a publish records its version and its entry together). */
export function auditRow(
  ownerId: string | null,
  action: AuditAction,
  detail: Record<string, unknown>,
  now: number,
) {
  return {
    id: randomUUID(),
    at: iso(now),
    owner_id: ownerId,
    action,
    detail: JSON.stringify(detail),
  };
}

/** Records what an owner did, for the room's log (never a secret; personal data only as needed). */
export async function audit(
  store: Store,
  ownerId: string | null,
  action: AuditAction,
  detail: Record<string, unknown>,
  now: number,
): Promise<void> {
  await store.write((trx) =>
    trx
      .insertInto('audit_log')
      .values(auditRow(ownerId, action, detail, now))
      .execute(),
  );
}

/**
 * A refused sign-in (a real passkey answer to a challenge we gave, that did not verify). A run
 * of them is one entry that counts its attempts and moves to the latest, so a stranger trying
 * again and again cannot flood the log or make it grow without bound (decision 023). On
 * PostgreSQL the entry is locked while it is counted, so racing refusals all count.
 */
export async function auditRefusedSignIn(store: Store, now: number): Promise<void> {
  await store.write(async (trx) => {
    const latest = await trx
      .selectFrom('audit_log')
      .select(['id', 'action', 'detail'])
      .orderBy('at', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .$if(store.dialect === 'postgres', (query) => query.forUpdate())
      .executeTakeFirst();
    if (latest?.action === 'sign-in-refused') {
      const { attempts } = JSON.parse(latest.detail) as { attempts?: number };
      await trx
        .updateTable('audit_log')
        .set({ at: iso(now), detail: JSON.stringify({ attempts: (attempts ?? 1) + 1 }) })
        .where('id', '=', latest.id)
        .execute();
      return;
    }
    await trx
      .insertInto('audit_log')
      .values(auditRow(null, 'sign-in-refused', { attempts: 1 }, now))
      .execute();
  });
}

/** The latest entries of the audit log, newest first, with the owner's name. */
export async function auditEntries(store: Store, limit: number) {
  const rows = await store.db
    .selectFrom('audit_log')
    .leftJoin('owners', 'owners.id', 'audit_log.owner_id')
    .select(['audit_log.at', 'audit_log.action', 'audit_log.detail', 'owners.name'])
    .orderBy('audit_log.at', 'desc')
    .orderBy('audit_log.id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    at: row.at,
    owner: row.name,
    action: row.action,
    detail: JSON.parse(row.detail) as Record<string, unknown>,
  }));
}
