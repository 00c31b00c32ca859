import { expect, it } from 'vitest';
import { ownerPaths } from '../../../../contracts/owner';
import { publishedSchema } from '../../../../contracts/owner-publish';
import { createTestApp, expectApiError, post } from '../../../testing/app';
import { signedIn, siteWithRoom } from '../../../testing/owner-session';
import { describeEachStore } from '../../../testing/stores';
import { auditEntries } from '../audit-log';
import type { Publisher } from './publisher';
import { RenderFailed } from './render-child';

/** A publish from the room whose render cannot finish: the owner is told and the log keeps it. */

const failingPublisher = (): Publisher => {
  const timedOut = () => Promise.reject(new RenderFailed('timeout', 'render took over 60 s'));
  return {
    served: () => 0,
    publish: timedOut,
    rollback: timedOut,
    preview: () => Promise.resolve({ ok: true }),
    currentPreview: () => null,
    follow: () => Promise.resolve(),
    status: () =>
      Promise.resolve({
        failed: null,
        usage: { files: 0, bytes: 0, maxFiles: 500, maxBytes: 1 },
        newsletters: { subscribers: 0, posts: [] },
      }),
    stop: () => {},
  };
};

/** A publisher that publishes nothing, keeping what each publish was asked to send. */
const recordingPublisher = () => {
  const asked: Array<readonly string[] | undefined> = [];
  const publisher: Publisher = {
    ...failingPublisher(),
    publish: async (_ownerId, now, sendLate) => {
      asked.push(sendLate);
      return {
        ok: true,
        version: {
          id: '00000000-0000-4000-8000-000000000001',
          number: 1,
          createdAt: new Date(now).toISOString(),
          owner: 'Jamie',
          action: 'publish',
          sourceNumber: null,
          changed: ['posts/old-news.md'],
        },
        notSent: [{ id: 'old-news', title: 'Old news' }],
      };
    },
  };
  return { publisher, asked };
};

describeEachStore('publishing from the room', ({ store }) => {
  it('a publish or rollback that cannot render answers 500 and leaves an audit entry', async () => {
    const app = createTestApp(
      store(),
      {},
      undefined,
      undefined,
      siteWithRoom,
      undefined,
      failingPublisher(),
    );
    const { token } = await signedIn(store());
    const headers = { Cookie: `owner_session=${token}`, Origin: 'http://localhost' };
    const publish = await post(app, `${ownerPaths.api}/publish`, '{}', { headers });
    expect((await expectApiError(publish, 500)).error).toMatch(/site is unchanged/);
    const rollback = await post(
      app,
      `${ownerPaths.api}/versions/00000000-0000-4000-8000-000000000000/rollback`,
      '{}',
      { headers },
    );
    await expectApiError(rollback, 500);
    const entries = await auditEntries(store(), 2);
    expect(entries.map(({ owner, action, detail }) => ({ owner, action, detail }))).toEqual([
      { owner: 'Jamie', action: 'publish-failed', detail: { reason: 'timeout' } },
      { owner: 'Jamie', action: 'publish-failed', detail: { reason: 'timeout' } },
    ]);
  });
});

describeEachStore('confirming a late newsletter', ({ store }) => {
  const appWith = (publisher: Publisher) =>
    createTestApp(store(), {}, undefined, undefined, siteWithRoom, undefined, publisher);

  it('a publish passes on only the late newsletters the owner named, and says which it did not send', async () => {
    const { publisher, asked } = recordingPublisher();
    const app = appWith(publisher);
    const { token } = await signedIn(store());
    const headers = { Cookie: `owner_session=${token}`, Origin: 'http://localhost' };
    const plain = await post(app, `${ownerPaths.api}/publish`, '{}', { headers });
    expect(plain.status).toBe(200);
    expect(publishedSchema.parse(await plain.json()).notSent).toEqual([
      { id: 'old-news', title: 'Old news' },
    ]);
    const named = await post(app, `${ownerPaths.api}/publish`, '{"sendLate":["old-news"]}', {
      headers,
    });
    expect(named.status).toBe(200);
    expect(asked).toEqual([[], ['old-news']]);
    for (const body of [
      '{"sendLate":"old-news"}',
      '{"sendLate":["Old News\\n"]}',
      `{"sendLate":[${'"x",'.repeat(1000)}"x"]}`,
      '{"sendLate":[],"sendAll":true}',
      'not json',
    ]) {
      await expectApiError(await post(app, `${ownerPaths.api}/publish`, body, { headers }), 400);
    }
    expect(asked).toHaveLength(2);
  });

  it('without a session, a publish that confirms a late newsletter answers 401 and publishes nothing', async () => {
    const { publisher, asked } = recordingPublisher();
    const app = appWith(publisher);
    const noSession: Record<string, string>[] = [{}, { Cookie: 'owner_session=made-up' }];
    for (const cookie of noSession) {
      const response = await post(app, `${ownerPaths.api}/publish`, '{"sendLate":["old-news"]}', {
        headers: { ...cookie, Origin: 'http://localhost' },
      });
      await expectApiError(response, 401);
    }
    expect(asked).toEqual([]);
  });
});
