import { expect, it } from 'vitest';
import { ownerPaths } from '../../../contracts/owner';
import { roomApi } from '../../../contracts/room/api';
import { variantPreviewPath } from '../../../contracts/room/experiments';
import type { Store } from '../../db/store';
import { parseEnv } from '../../env';
import { createTestApp, expectApiError, post } from '../../testing/app';
import { roomPage, signedIn, siteWithRoom } from '../../testing/owner-session';
import { describeEachStore } from '../../testing/stores';
import { inviteLifetimeMs, inviteOwner } from './owner-invites';
import type { Publisher } from './publish/publisher';
import { revokeOwner } from './revoke-owner';
import { sessionIdleMs, sessionLifetimeMs, startSession } from './sessions';

/**
 * The room's door, tried as an attacker would (docs/decisions/018-owner-sign-in.md): every route
 * without a session, with an ended one, from another site and on another host. The passkey
 * ceremonies themselves run in the browser test (e2e/owner-room.spec.ts) with a real browser's
 * virtual authenticator.
 */

const main = 'http://localhost';
const site = siteWithRoom;
const settings = { LEAD_RATE_LIMIT: '0', SELLABLE_BUSINESS_HOST: 'sellable.example' };
/** A publisher that must never be reached by a request the room refuses. */
const untouchable = (): Publisher => {
  const never = () => {
    throw new Error('a refused request reached the publisher');
  };
  return {
    served: () => 0,
    publish: never,
    rollback: never,
    preview: never,
    currentPreview: never,
    follow: never,
    status: never,
    stop: () => {},
  };
};
const appFor = (store: Store, extra: Record<string, string> = {}) =>
  createTestApp(
    store,
    { ...settings, ...extra },
    undefined,
    undefined,
    site,
    undefined,
    untouchable(),
  );

const pages = [
  ownerPaths.room,
  `${ownerPaths.room}/`,
  `${ownerPaths.room}/leads`,
  ownerPaths.editor,
  `${ownerPaths.editor}/singleton/home`,
  `${ownerPaths.room}/preview/home`,
  `${ownerPaths.room}/preview/images/portrait.svg`,
  variantPreviewPath('waitlist-headline', 'first-to-read'),
];
const calls: Array<['GET' | 'POST' | 'PUT', string]> = [
  ['GET', '/me'],
  ['GET', '/audit'],
  ['GET', '/funnel'],
  ['GET', '/leads'],
  ['GET', '/leads.csv'],
  ['GET', '/outbox'],
  ['POST', '/outbox/retry'],
  ['POST', '/erasure'],
  ['GET', '/nothing-here'],
  ['POST', '/sign-out'],
  ['POST', '/sign-out-everywhere'],
  ['POST', '/passkeys/options'],
  ['POST', '/passkeys'],
  ['POST', '/passkeys/remove'],
  ['GET', '/versions'],
  ['POST', '/publish'],
  ['POST', '/versions/00000000-0000-4000-8000-000000000000/rollback'],
  ['POST', '/preview'],
  ['GET', '/experiments'],
  ['GET', '/experiments/plan?lift=10'],
  ['GET', '/posts'],
  ['POST', '/experiments/winner'],
  ['GET', '/workshop'],
  ['GET', '/workshop/attendees?session=december-2026'],
  ['GET', '/workshop/attendees.csv?session=december-2026'],
  ['GET', '/workshop/holds?session=december-2026'],
  ['PUT', '/workshop/links'],
  ['POST', '/workshop/resend'],
  ['POST', '/workshop/cancel'],
  ['POST', '/workshop/replay'],
  ['POST', '/workshop/confirm'],
  ['GET', '/applications?status=new'],
  ['GET', '/applications/show?application=a1'],
  ['POST', '/applications/status'],
  ['POST', '/applications/note'],
  ['GET', '/editor/tree'],
  ['GET', '/editor/blob/0/home.yaml'],
  ['POST', '/editor/update'],
];

/** Asks every guarded page and call with these headers; expects no room content anywhere. */
async function expectShutOut(app: ReturnType<typeof appFor>, headers: Record<string, string>) {
  for (const path of pages) {
    const response = await app.request(path, { headers });
    expect(response.status, path).toBe(303);
    expect(response.headers.get('location')).toBe(ownerPaths.signIn);
    expect(response.headers.get('cache-control')).toBe('no-store');
  }
  for (const [method, path] of calls) {
    const response = await app.request(`${ownerPaths.api}${path}`, {
      method,
      headers: { ...headers, 'Content-Type': 'application/json', Origin: main },
      ...(method === 'GET' ? {} : { body: '{}' }),
    });
    await expectApiError(response, 401);
  }
}

it('tries every call of the room’s API without a session but the four that sign in', () => {
  const version = '00000000-0000-4000-8000-000000000000';
  const open: string[] = [
    roomApi.signInOptions,
    roomApi.signIn,
    roomApi.welcomeOptions,
    roomApi.welcome,
  ];
  const guarded = Object.values(roomApi)
    .map((path) => (typeof path === 'string' ? path : path(version)))
    .filter((path) => !open.includes(path));
  const tried = calls.map(([, path]) => path.replace(/\?.*/, ''));
  for (const path of guarded) expect(tried, path).toContain(path);
});

describeEachStore('the owner’s room', ({ store }) => {
  it('without a session: pages lead to sign-in, calls answer 401, the sign-in page is open', async () => {
    const app = appFor(store());
    await expectShutOut(app, {});
    await expectShutOut(app, { Cookie: 'owner_session=made-up' });
    for (const path of [ownerPaths.signIn, ownerPaths.welcome]) {
      const response = await app.request(path);
      expect(response.status).toBe(200);
      expect(await response.text()).toBe(roomPage);
      expect(response.headers.get('x-robots-tag')).toBe('noindex, nofollow');
      expect(response.headers.get('cache-control')).toBe('no-store');
    }
  });

  it('with a session: the room and who is in it; signing out ends it', async () => {
    const app = appFor(store());
    const { token } = await signedIn(store());
    const cookie = { Cookie: `owner_session=${token}` };
    const room = await app.request(ownerPaths.room, { headers: cookie });
    expect(room.status).toBe(200);
    expect(await room.text()).toBe(roomPage);
    const me = await app.request(`${ownerPaths.api}/me`, { headers: cookie });
    expect(await me.json()).toMatchObject({ name: 'Jamie', passkeys: [], sessions: 1 });
    // Signed in already: the sign-in page sends the owner on to the room.
    expect((await app.request(ownerPaths.signIn, { headers: cookie })).status).toBe(303);

    const out = await post(app, `${ownerPaths.api}/sign-out`, '{}', {
      headers: { ...cookie, Origin: main },
    });
    expect(out.status).toBe(200);
    expect(out.headers.get('set-cookie')).toMatch(/^owner_session=; Max-Age=0/);
    await expectShutOut(app, cookie);
  });

  it('an idle session, one past its lifetime, and a revoked owner’s session open nothing', async () => {
    const app = appFor(store());
    const idle = await signedIn(store(), 'Idle', Date.now() - sessionIdleMs - 60_000);
    await expectShutOut(app, { Cookie: `owner_session=${idle.token}` });

    const old = await signedIn(store(), 'Old', Date.now() - sessionLifetimeMs - 60_000);
    await store()
      .db.updateTable('owner_sessions')
      .set({ last_seen_at: new Date().toISOString() })
      .execute();
    await expectShutOut(app, { Cookie: `owner_session=${old.token}` });

    const revoked = await signedIn(store(), 'Revoked');
    expect(await revokeOwner(store(), 'revoked', Date.now())).toBe(true);
    await expectShutOut(app, { Cookie: `owner_session=${revoked.token}` });
  });

  it('signing out everywhere ends every session of that owner, and only theirs', async () => {
    const app = appFor(store());
    const { owner, token } = await signedIn(store());
    const other = await startSession(store(), owner, 'sign-in', Date.now());
    const someoneElse = await signedIn(store(), 'Sam');
    const out = await post(app, `${ownerPaths.api}/sign-out-everywhere`, '{}', {
      headers: { Cookie: `owner_session=${token}`, Origin: main },
    });
    expect(out.status).toBe(200);
    await expectShutOut(app, { Cookie: `owner_session=${other}` });
    const sam = await app.request(`${ownerPaths.api}/me`, {
      headers: { Cookie: `owner_session=${someoneElse.token}` },
    });
    expect(sam.status).toBe(200);
  });

  it('a post from another site is refused, session or not, and changes nothing', async () => {
    const app = appFor(store());
    const { token } = await signedIn(store());
    const cookie = `owner_session=${token}`;
    for (const path of [
      '/sign-out',
      '/sign-out-everywhere',
      '/passkeys/options',
      '/outbox/retry',
      '/erasure',
      '/publish',
      '/preview',
      '/versions/00000000-0000-4000-8000-000000000000/rollback',
      '/workshop/resend',
      '/workshop/cancel',
      '/workshop/replay',
      '/workshop/confirm',
      '/applications/status',
      '/applications/note',
    ]) {
      const response = await post(app, `${ownerPaths.api}${path}`, '{}', {
        headers: {
          Cookie: cookie,
          Origin: 'https://evil.example',
          'Content-Type': 'application/json',
        },
      });
      await expectApiError(response, 403);
    }
    // The editor's API answers in Keystatic's own way: plain text, but refused all the same.
    const save = await post(app, `${ownerPaths.api}/editor/update`, '{}', {
      headers: { Cookie: cookie, Origin: 'https://evil.example', 'no-cors': '1' },
    });
    expect(save.status).toBe(403);
    const stillIn = await app.request(`${ownerPaths.api}/me`, { headers: { Cookie: cookie } });
    expect(stillIn.status).toBe(200);
    const signIn = await post(app, `${ownerPaths.api}/sign-in/options`, '{}', {
      headers: { Origin: 'https://evil.example' },
    });
    await expectApiError(signIn, 403);
  });

  it('a session cookie opens nothing on another host: there /owner is an unknown path', async () => {
    const app = appFor(store());
    const { token } = await signedIn(store());
    for (const path of [ownerPaths.room, `${ownerPaths.api}/me`]) {
      const response = await app.request(`http://sellable.example${path}`, {
        headers: { Cookie: `owner_session=${token}` },
      });
      expect(response.status).toBe(404);
      expect(await response.text()).toBe('page:not-found');
    }
  });

  it('behind HTTPS only the __Host- cookie counts', async () => {
    const app = appFor(store(), { TRUST_PROXY: 'loopback', SITE_URL: 'https://example.com' });
    const { token } = await signedIn(store());
    const ask = (cookie: string) =>
      app.request(
        'https://example.com/owner/api/me',
        { headers: { Cookie: cookie, 'X-Forwarded-Proto': 'https' } },
        { incoming: { socket: { remoteAddress: '127.0.0.1' } } },
      );
    expect((await ask(`__Host-owner_session=${token}`)).status).toBe(200);
    // A cookie without the prefix could have been planted by another host: not a session here.
    expect((await ask(`owner_session=${token}`)).status).toBe(401);
  });

  it('an invite link works for 15 minutes, for an owner still allowed in', async () => {
    const app = appFor(store());
    const ask = (invite: string) =>
      post(app, `${ownerPaths.api}/welcome/options`, JSON.stringify({ invite }), {
        headers: { Origin: main, 'Content-Type': 'application/json' },
      });
    const fresh = await inviteOwner(store(), 'Jamie', Date.now());
    const answer = await ask(fresh.token);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({
      options: { rp: { id: 'localhost' }, user: { name: 'Jamie' } },
    });

    const old = await inviteOwner(store(), 'Jamie', Date.now() - inviteLifetimeMs - 1000);
    await expectApiError(await ask(old.token), 410);
    await expectApiError(await ask('A'.repeat(43)), 410);
    const revoked = await inviteOwner(store(), 'Sam', Date.now());
    await revokeOwner(store(), 'Sam', Date.now());
    await expectApiError(await ask(revoked.token), 410);
    // Only the hash is kept: the database holds nothing that works as a link.
    const kept = await store().db.selectFrom('owner_invites').select('token_hash').execute();
    expect(kept.map((row) => row.token_hash)).not.toContain(fresh.token);
  });

  it('bad bodies get a clear 4xx and store nothing', async () => {
    const app = appFor(store());
    const { token } = await signedIn(store());
    const send = (path: string, body: string) =>
      post(app, `${ownerPaths.api}${path}`, body, {
        headers: {
          Cookie: `owner_session=${token}`,
          Origin: main,
          'Content-Type': 'application/json',
        },
      });
    const credential = {
      id: 'abc',
      rawId: 'abc',
      type: 'public-key',
      response: { clientDataJSON: 'abc', attestationObject: 'abc' },
      clientExtensionResults: {},
    };
    const withLabel = (label: unknown, extra = {}) =>
      JSON.stringify({ challengeId: 'x', label, credential, ...extra });
    expect(
      (await expectApiError(await send('/passkeys', withLabel('Phone\u0007')), 400)).fields,
    ).toHaveProperty('label');
    expect(
      (await expectApiError(await send('/passkeys', withLabel('x'.repeat(61))), 400)).fields,
    ).toHaveProperty('label');
    expect(
      (await expectApiError(await send('/passkeys', withLabel('Phone', { admin: true })), 400))
        .fields,
    ).toHaveProperty('admin');
    await expectApiError(await send('/passkeys', '{"a":'), 400);
    await expectApiError(await send('/passkeys', JSON.stringify({ pad: 'x'.repeat(70_000) })), 413);
    // A well-formed answer to a challenge that was never handed out adds nothing.
    await expectApiError(await send('/passkeys', withLabel('Phone')), 400);
    expect(await store().db.selectFrom('owner_passkeys').selectAll().execute()).toEqual([]);
  });

  it('sign-in attempts are rate-limited per client', async () => {
    const app = appFor(store());
    const attempt = () =>
      post(app, `${ownerPaths.api}/sign-in/options`, '{}', { headers: { Origin: main } });
    for (let n = 0; n < parseEnv({}).OWNER_SIGN_IN_LIMIT; n += 1)
      expect((await attempt()).status).toBe(200);
    const refused = await attempt();
    await expectApiError(refused, 429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
