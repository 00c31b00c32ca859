import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { ceremonySchema, ownerPaths } from '../../../contracts/owner';
import type { Store } from '../../db/store';
import { parseEnv } from '../../env';
import { createTestApp, expectApiError, post } from '../../testing/app';
import { signedIn, siteWithRoom } from '../../testing/owner-session';
import { describeEachStore } from '../../testing/stores';
import { auditEntries } from './audit-log';
import { roomPolicy } from './policy';

/**
 * The room's open door, tried as an attacker would (decision 023): from another site, with
 * challenges never handed out, over and over, and behind a TLS proxy the server does not trust.
 */

const main = 'http://localhost';
const api = ownerPaths.api;
const appFor = (store: Store, settings: Record<string, string> = {}) =>
  createTestApp(store, { LEAD_RATE_LIMIT: '0', ...settings }, undefined, undefined, siteWithRoom);

/** A well-formed passkey answer that no passkey of ours made. */
const madeUpAnswer = (challengeId: string) =>
  JSON.stringify({
    challengeId,
    credential: {
      id: 'bm8tc3VjaC1wYXNza2V5',
      rawId: 'bm8tc3VjaC1wYXNza2V5',
      type: 'public-key',
      response: { clientDataJSON: 'e30', authenticatorData: 'AAAA', signature: 'AAAA' },
      clientExtensionResults: {},
    },
  });

describeEachStore('the room’s sign-in', ({ store }) => {
  it('a page on another site cannot spend the sign-in budget and lock the owner out', async () => {
    const app = appFor(store());
    const fromElsewhere = { headers: { Origin: 'https://evil.example' } };
    for (let n = 0; n < parseEnv({}).OWNER_SIGN_IN_LIMIT + 5; n += 1) {
      for (const path of ['/sign-in/options', '/sign-in', '/welcome/options', '/welcome']) {
        await expectApiError(await post(app, `${api}${path}`, '{}', fromElsewhere), 403);
      }
    }
    const own = await post(app, `${api}/sign-in/options`, '{}', { headers: { Origin: main } });
    expect(own.status).toBe(200);
  });

  it('a made-up challenge writes nothing to the audit log; refused passkeys are one counted entry', async () => {
    const app = appFor(store());
    const signIn = (body: string) =>
      post(app, `${api}/sign-in`, body, {
        headers: { Origin: main, 'Content-Type': 'application/json' },
      });
    for (let n = 0; n < 5; n += 1) {
      await expectApiError(await signIn(madeUpAnswer(randomUUID())), 401);
    }
    expect(await auditEntries(store(), 100)).toEqual([]);

    for (let n = 0; n < 3; n += 1) {
      const options = await post(app, `${api}/sign-in/options`, '{}', {
        headers: { Origin: main },
      });
      const { challengeId } = ceremonySchema.parse(await options.json());
      await expectApiError(await signIn(madeUpAnswer(challengeId)), 401);
    }
    const entries = await auditEntries(store(), 100);
    expect(entries).toEqual([
      { at: expect.any(String), owner: null, action: 'sign-in-refused', detail: { attempts: 3 } },
    ]);
  });

  it('an https site’s cookie is __Host- and Secure even behind a proxy it does not trust', async () => {
    const app = appFor(store(), { SITE_URL: 'https://example.com' });
    const { token } = await signedIn(store());
    // As a TLS proxy hands a request on: plain HTTP, its X-Forwarded-Proto not believed.
    const ask = (cookie: string) =>
      app.request(
        'http://example.com/owner/api/me',
        { headers: { Cookie: cookie, 'X-Forwarded-Proto': 'https' } },
        { incoming: { socket: { remoteAddress: '127.0.0.1' } } },
      );
    expect((await ask(`__Host-owner_session=${token}`)).status).toBe(200);
    // A cookie without the prefix could have been planted by another host: not a session here.
    expect((await ask(`owner_session=${token}`)).status).toBe(401);
    // An ended session's cookie is cleared as the __Host- cookie it was, Secure.
    const ended = await ask('__Host-owner_session=ended-long-ago');
    expect(ended.status).toBe(401);
    const cleared = ended.headers.get('set-cookie') ?? '';
    expect(cleared).toMatch(/^__Host-owner_session=;/);
    expect(cleared).toContain('Secure');
    expect(cleared).toContain('Path=/');
  });

  it('every page and answer of the room has its own policy: scripts from this server, no analytics host', async () => {
    const app = appFor(store(), {
      GA_MEASUREMENT_ID: 'G-TEST123',
      META_PIXEL_ID: '1234567890',
    });
    const { token } = await signedIn(store());
    const cookie = { Cookie: `owner_session=${token}` };
    for (const [path, headers] of [
      [ownerPaths.signIn, {}],
      [ownerPaths.room, cookie],
      [`${api}/me`, cookie],
      [`${api}/me`, {}],
    ] as const) {
      const policy = (await app.request(path, { headers })).headers.get('content-security-policy');
      expect(policy, path).toBe(roomPolicy);
    }
    expect(roomPolicy).toContain("script-src 'self';");
    expect(roomPolicy).not.toMatch(/google|facebook/);
    // The public pages keep theirs, with the tags' hosts for after consent.
    expect((await app.request('/')).headers.get('content-security-policy')).toContain(
      'googletagmanager',
    );
  });
});
