import { expect, it } from 'vitest';
import { ownerMeSchema, ownerPaths } from '../../../contracts/owner';
import type { Store } from '../../db/store';
import { createTestApp, expectApiError, post } from '../../testing/app';
import { signedIn, siteWithRoom } from '../../testing/owner-session';
import { describeEachStore } from '../../testing/stores';
import { auditEntries } from './audit-log';
import { removePasskey, signInCeremony, takeChallenge } from './passkeys';
import { type OwnerIdentity, recentSignInMs, startSession } from './sessions';

/**
 * The owner's passkeys in the room (decision 023): listed, removed one at a time but never the
 * last, changed only after a recent sign-in; and a challenge that two racing requests cannot
 * both use, on both databases.
 */

const main = 'http://localhost';
const rp = { id: 'localhost', name: 'localhost', origin: main };
const appFor = (store: Store) =>
  createTestApp(store, { LEAD_RATE_LIMIT: '0' }, undefined, undefined, siteWithRoom);

/** A passkey as a ceremony would have kept it (the ceremony itself runs in the browser test). */
async function keepPasskey(store: Store, owner: OwnerIdentity, id: string, label: string) {
  await store.db
    .insertInto('owner_passkeys')
    .values({
      id,
      owner_id: owner.id,
      public_key: 'cHVibGlj',
      counter: 0,
      transports: '[]',
      label,
      created_at: new Date().toISOString(),
      last_used_at: null,
    })
    .execute();
}

describeEachStore('the owner’s passkeys', ({ store }) => {
  async function room(signedInAt = Date.now()) {
    const app = appFor(store());
    const { owner, token } = await signedIn(store(), 'Jamie', signedInAt);
    await keepPasskey(store(), owner, 'cGhvbmU', 'Phone');
    await keepPasskey(store(), owner, 'bGFwdG9w', 'Laptop');
    const headers = {
      Cookie: `owner_session=${token}`,
      Origin: main,
      'Content-Type': 'application/json',
    };
    const me = async () =>
      ownerMeSchema.parse(await (await app.request(`${ownerPaths.api}/me`, { headers })).json());
    const remove = (id: string, extra: Record<string, string> = {}) =>
      post(app, `${ownerPaths.api}/passkeys/remove`, JSON.stringify({ id }), {
        headers: { ...headers, ...extra },
      });
    return { app, owner, headers, me, remove };
  }

  it('lists each passkey; Remove takes one away with an audit entry, never the last', async () => {
    const { me, remove } = await room();
    expect((await me()).passkeys).toEqual([
      expect.objectContaining({ id: 'cGhvbmU', label: 'Phone', lastUsedAt: null }),
      expect.objectContaining({ id: 'bGFwdG9w', label: 'Laptop', lastUsedAt: null }),
    ]);

    expect((await remove('cGhvbmU')).status).toBe(200);
    expect((await me()).passkeys.map((passkey) => passkey.label)).toEqual(['Laptop']);
    const [latest] = await auditEntries(store(), 1);
    expect(latest).toMatchObject({
      owner: 'Jamie',
      action: 'remove-passkey',
      detail: { label: 'Phone' },
    });

    const last = await expectApiError(await remove('bGFwdG9w'), 409);
    expect(last.error).toMatch(/only passkey/);
    await expectApiError(await remove('cGhvbmU'), 404);
    expect((await me()).passkeys.map((passkey) => passkey.label)).toEqual(['Laptop']);
  });

  it('another owner’s passkey, another site, a bad id: refused, nothing removed', async () => {
    const { me, remove } = await room();
    const { owner: sam } = await signedIn(store(), 'Sam');
    await keepPasskey(store(), sam, 'c2Ftcw', 'Sam’s key');
    await keepPasskey(store(), sam, 'c2FtczI', 'Sam’s other key');
    await expectApiError(await remove('c2Ftcw'), 404);
    await expectApiError(await remove('cGhvbmU', { Origin: 'https://evil.example' }), 403);
    await expectApiError(await remove('not base64url!'), 400);
    await expectApiError(await remove(''), 400);
    expect((await me()).passkeys).toHaveLength(2);
    const kept = await store().db.selectFrom('owner_passkeys').select('id').execute();
    expect(kept).toHaveLength(4);
  });

  it('adding or removing a passkey needs a sign-in from the last ten minutes', async () => {
    const { app, owner, headers, me, remove } = await room(Date.now() - recentSignInMs - 60_000);
    const options = () => post(app, `${ownerPaths.api}/passkeys/options`, '{}', { headers });
    expect((await options()).status).toBe(428);
    expect((await remove('cGhvbmU')).status).toBe(428);
    expect((await me()).passkeys).toHaveLength(2);

    // A fresh passkey check is a sign-in from this browser: it replaces the old session.
    const token = await startSession(store(), owner, 'sign-in', Date.now());
    const fresh = { ...headers, Cookie: `owner_session=${token}` };
    const answer = await post(app, `${ownerPaths.api}/passkeys/options`, '{}', { headers: fresh });
    expect(answer.status).toBe(200);
    const removed = await post(
      app,
      `${ownerPaths.api}/passkeys/remove`,
      JSON.stringify({ id: 'cGhvbmU' }),
      { headers: fresh },
    );
    expect(removed.status).toBe(200);
  });

  it('two removals at once cannot take both of the last two passkeys', async () => {
    const { owner } = await room();
    const now = Date.now();
    const outcomes = await Promise.all([
      removePasskey(store(), owner, 'cGhvbmU', now),
      removePasskey(store(), owner, 'bGFwdG9w', now),
    ]);
    expect(outcomes.sort()).toEqual(['last', 'removed']);
    expect(await store().db.selectFrom('owner_passkeys').select('id').execute()).toHaveLength(1);
  });

  it('a challenge is used once, however many requests race for it', async () => {
    // On PostgreSQL each call has a connection of its own from the pool, as requests on
    // several instances would; SQLite's writes are one at a time anyway.
    for (let round = 0; round < 10; round += 1) {
      const { challengeId } = await signInCeremony(store(), rp, Date.now());
      const taken = await Promise.all(
        [1, 2, 3].map(() => takeChallenge(store(), challengeId, 'sign-in', null, Date.now())),
      );
      expect(taken.filter((challenge) => challenge !== null)).toHaveLength(1);
    }
  });
});
