import { randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { isoAt, type Store } from '../../db/store';
import { recordAudit } from './audit-log';
import { hashToken, newToken, type OwnerIdentity, openSessions } from './sessions';

/**
 * Who may enter the owner's room (docs/decisions/018-owner-sign-in.md): the owners, each let in
 * first through a one-time invite link printed on the server (`npm run leads -- owner invite`),
 * and taken out all at once by a revoke (revoke-owner.ts). Only the invite token's hash is kept.
 */

/** An invite link works once, for this long. */
export const inviteLifetimeMs = 15 * 60_000;

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
  const expiresAt = isoAt(now + inviteLifetimeMs);
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
        .values({ ...owner, created_at: isoAt(now), revoked_at: null })
        .execute();
    }
    await trx
      .insertInto('owner_invites')
      .values({
        token_hash: hashToken(token),
        owner_id: owner.id,
        created_at: isoAt(now),
        expires_at: expiresAt,
        used_at: null,
      })
      .execute();
    await recordAudit(trx, null, 'invite', { owner: owner.name, isNew: !existing }, now);
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
    .where('owner_invites.expires_at', '>', isoAt(now))
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
 * Spends an invite (its token's hash) as its passkey is enrolled, in the same transaction: false
 * when it was used already or has expired, so one link enrols one passkey even when two answers
 * race.
 */
export async function spendInvite(
  trx: Transaction<Database>,
  tokenHash: string,
  now: number,
): Promise<boolean> {
  const spent = await trx
    .updateTable('owner_invites')
    .set({ used_at: isoAt(now) })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', isoAt(now))
    .executeTakeFirst();
  return Number(spent.numUpdatedRows) === 1;
}

/**
 * Marks the active owner of that name revoked and deletes their invites, within the revoke's
 * transaction (server/features/room/revoke-owner.ts); answers the owner, or undefined when no
 * active owner has that name.
 */
export async function revokeOwnerAndInvites(
  trx: Transaction<Database>,
  name: string,
  now: number,
): Promise<OwnerIdentity | undefined> {
  const owner = (
    await trx.selectFrom('owners').select(['id', 'name']).where('revoked_at', 'is', null).execute()
  ).find((candidate) => candidate.name.toLowerCase() === name.toLowerCase());
  if (!owner) return undefined;
  await trx
    .updateTable('owners')
    .set({ revoked_at: isoAt(now) })
    .where('id', '=', owner.id)
    .execute();
  await trx.deleteFrom('owner_invites').where('owner_id', '=', owner.id).execute();
  return owner;
}
