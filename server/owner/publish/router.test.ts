import { expect, it } from 'vitest';
import { ownerPaths } from '../../../contracts/owner';
import { createTestApp, expectApiError, post } from '../../testing/app';
import { signedIn, siteWithRoom } from '../../testing/owner-session';
import { describeEachStore } from '../../testing/stores';
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
      }),
    stop: () => {},
  };
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
