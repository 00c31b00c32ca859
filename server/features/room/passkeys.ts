import { randomUUID } from 'node:crypto';
import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { isoAt, type Store } from '../../db/store';
import { recordAudit } from './audit-log';
import { spendInvite } from './owner-invites';
import { hashToken, type OwnerIdentity } from './sessions';

/**
 * The three passkey ceremonies of the owner's room, through SimpleWebAuthn: enrolling the first
 * passkey through an invite ("welcome"), adding another from a session, and signing in. Every
 * challenge is kept server-side (in the database, so any instance can check the answer), used
 * once and gone after five minutes; a failed check answers null and says nothing of why.
 */

/** This site as WebAuthn knows it: passkeys are bound to the main site's host name. */
export interface RelyingParty {
  /** The main site's host name (no port). */
  id: string;
  name: string;
  /** The main site's origin, which the browser signs into every answer. */
  origin: string;
}

const challengeLifetimeMs = 5 * 60_000;

type Purpose = 'sign-in' | 'welcome' | 'add-passkey';

async function keepChallenge(
  store: Store,
  purpose: Purpose,
  subject: string | null,
  challenge: string,
  now: number,
): Promise<string> {
  const id = randomUUID();
  await store.write(async (trx) => {
    // Old challenges go as new ones come: the table holds only the last few minutes' worth.
    await trx.deleteFrom('owner_challenges').where('expires_at', '<=', isoAt(now)).execute();
    await trx
      .insertInto('owner_challenges')
      .values({ id, challenge, purpose, subject, expires_at: isoAt(now + challengeLifetimeMs) })
      .execute();
  });
  return id;
}

/**
 * Takes a challenge out (single use): its value if it was made for this purpose and subject.
 * One `DELETE … RETURNING`: of two requests racing with the same challenge, only the one whose
 * delete removed the row gets it, on PostgreSQL as on SQLite (a read, then a delete, let both
 * read it there).
 */
export async function takeChallenge(
  store: Store,
  id: string,
  purpose: Purpose,
  subject: string | null,
  now: number,
): Promise<string | null> {
  const row = await store.write((trx) =>
    trx.deleteFrom('owner_challenges').where('id', '=', id).returningAll().executeTakeFirst(),
  );
  if (!row || row.purpose !== purpose || row.subject !== subject) return null;
  return Date.parse(row.expires_at) > now ? row.challenge : null;
}

/** An owner's passkeys, as WebAuthn's "exclude" list (so one authenticator is not added twice). */
async function passkeysOf(store: Store, ownerId: string) {
  const rows = await store.db
    .selectFrom('owner_passkeys')
    .select(['id', 'transports'])
    .where('owner_id', '=', ownerId)
    .execute();
  return rows.map((row) => ({ id: row.id, transports: JSON.parse(row.transports) as never[] }));
}

/** Options to create a passkey for `owner`; `subject` ties the answer to an invite or session. */
export async function registrationCeremony(
  store: Store,
  rp: RelyingParty,
  owner: OwnerIdentity,
  purpose: 'welcome' | 'add-passkey',
  subject: string,
  now: number,
) {
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: owner.name,
    userID: new TextEncoder().encode(owner.id),
    attestationType: 'none',
    excludeCredentials: await passkeysOf(store, owner.id),
    // A discoverable credential: signing in then needs no name, only the passkey.
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  });
  const challengeId = await keepChallenge(store, purpose, subject, options.challenge, now);
  return { challengeId, options };
}

/**
 * Checks a new passkey against its challenge and keeps it. For a welcome, the invite is spent in
 * the same transaction, so one link enrols one passkey even when two answers race.
 */
export async function registerPasskey(
  store: Store,
  rp: RelyingParty,
  {
    owner,
    purpose,
    subject,
    challengeId,
    credential,
    label,
  }: {
    owner: OwnerIdentity;
    purpose: 'welcome' | 'add-passkey';
    subject: string;
    challengeId: string;
    credential: RegistrationResponseJSON;
    label: string;
  },
  now: number,
): Promise<boolean> {
  const challenge = await takeChallenge(store, challengeId, purpose, subject, now);
  if (challenge === null) return false;
  const verification = await verifyRegistrationResponse({
    response: credential,
    expectedChallenge: challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    requireUserVerification: true,
  }).catch(() => null);
  if (!verification?.verified) return false;
  const { credential: verified } = verification.registrationInfo;
  return store.write(async (trx) => {
    if (purpose === 'welcome' && !(await spendInvite(trx, subject, now))) return false;
    const taken = await trx
      .selectFrom('owner_passkeys')
      .select('id')
      .where('id', '=', verified.id)
      .executeTakeFirst();
    if (taken) return false;
    await trx
      .insertInto('owner_passkeys')
      .values({
        id: verified.id,
        owner_id: owner.id,
        public_key: Buffer.from(verified.publicKey).toString('base64url'),
        counter: verified.counter,
        transports: JSON.stringify(verified.transports ?? []),
        label,
        created_at: isoAt(now),
        last_used_at: null,
      })
      .execute();
    return true;
  });
}

/** The invite's hash, which ties a welcome ceremony to the one invite it was started for. */
export const inviteSubject = hashToken;

/** Options to sign in with any of the site's passkeys (the browser offers the ones it has). */
export async function signInCeremony(store: Store, rp: RelyingParty, now: number) {
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    userVerification: 'required',
  });
  const challengeId = await keepChallenge(store, 'sign-in', null, options.challenge, now);
  return { challengeId, options };
}

/**
 * A sign-in's outcome: the owner whose passkey signed our challenge; or refused, either for the
 * challenge (unknown, used or expired: no passkey was even tried, so nothing worth an audit
 * entry) or for the passkey (unknown, revoked, or an answer that does not verify).
 */
export type SignInOutcome = { owner: OwnerIdentity } | { refused: 'challenge' | 'passkey' };

export async function verifySignIn(
  store: Store,
  rp: RelyingParty,
  challengeId: string,
  credential: AuthenticationResponseJSON,
  now: number,
): Promise<SignInOutcome> {
  const challenge = await takeChallenge(store, challengeId, 'sign-in', null, now);
  if (challenge === null) return { refused: 'challenge' };
  const passkey = await store.db
    .selectFrom('owner_passkeys')
    .innerJoin('owners', 'owners.id', 'owner_passkeys.owner_id')
    .select([
      'owner_passkeys.id',
      'owner_passkeys.public_key',
      'owner_passkeys.counter',
      'owner_passkeys.transports',
      'owners.id as ownerId',
      'owners.name',
    ])
    .where('owner_passkeys.id', '=', credential.id)
    .where('owners.revoked_at', 'is', null)
    .executeTakeFirst();
  if (!passkey) return { refused: 'passkey' };
  const verification = await verifyAuthenticationResponse({
    response: credential,
    expectedChallenge: challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    requireUserVerification: true,
    credential: {
      id: passkey.id,
      publicKey: new Uint8Array(Buffer.from(passkey.public_key, 'base64url')),
      counter: Number(passkey.counter),
      transports: JSON.parse(passkey.transports) as string[],
    },
  }).catch(() => null);
  if (!verification?.verified) return { refused: 'passkey' };
  await store.write((trx) =>
    trx
      .updateTable('owner_passkeys')
      .set({ counter: verification.authenticationInfo.newCounter, last_used_at: isoAt(now) })
      .where('id', '=', passkey.id)
      .execute(),
  );
  return { owner: { id: passkey.ownerId, name: passkey.name } };
}

/**
 * Removes one of the owner's own passkeys, with its audit entry; never the last one, which is
 * the owner's only way back in (an operator's invite is the way to replace it). On PostgreSQL the
 * owner's passkeys are locked while counted, so two removals at once cannot take both of the last two.
 */
export async function removePasskey(
  store: Store,
  owner: OwnerIdentity,
  id: string,
  now: number,
): Promise<'removed' | 'last' | 'unknown'> {
  return store.write(async (trx) => {
    const passkeys = await trx
      .selectFrom('owner_passkeys')
      .select(['id', 'label'])
      .where('owner_id', '=', owner.id)
      .$if(store.dialect === 'postgres', (query) => query.forUpdate())
      .execute();
    const passkey = passkeys.find((candidate) => candidate.id === id);
    if (!passkey) return 'unknown';
    if (passkeys.length === 1) return 'last';
    await trx.deleteFrom('owner_passkeys').where('id', '=', id).execute();
    await recordAudit(trx, owner.id, 'remove-passkey', { label: passkey.label }, now);
    return 'removed';
  });
}

/** Takes every passkey of an owner away (one revoked), within the revoke's transaction. */
export async function forgetPasskeysOf(trx: Transaction<Database>, ownerId: string): Promise<void> {
  await trx.deleteFrom('owner_passkeys').where('owner_id', '=', ownerId).execute();
}
