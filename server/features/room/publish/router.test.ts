import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { parseDocument } from 'yaml';
import { ownerPaths } from '../../../../contracts/owner';
import { publishedSchema, versionsSchema } from '../../../../contracts/owner-publish';
import { buildPaths } from '../../../build-paths';
import { loadSite } from '../../../site';
import { createTestApp, expectApiError, post } from '../../../testing/app';
import { roomHeaders, signedIn, siteWithRoom } from '../../../testing/owner-session';
import { publishWithBuiltSiteUrl, quietLogger } from '../../../testing/publishing';
import { describeEachStore } from '../../../testing/stores';
import { auditEntries } from '../audit-log';
import { ensureWorkingCopy } from '../working-copy';
import { createPublisher, type Publisher } from './publisher';
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
        unpublished: { count: 0, files: [] },
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

// The test below publishes for real, with the build's address (its share cards are reused).
publishWithBuiltSiteUrl();

describeEachStore('the changes not yet on the site', ({ store }) => {
  const cleanUps: Array<() => Promise<void> | void> = [];
  afterEach(async () => {
    for (const cleanUp of cleanUps.splice(0)) await cleanUp();
  });

  it('lists the file the editor saved until Publish, then none', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'unpublished-'));
    const publisher = createPublisher({
      store: store(),
      logger: quietLogger,
      site: await loadSite(),
      dataDir,
      workingCopy: () => ensureWorkingCopy(dataDir, join(buildPaths.root, 'content')),
      followEveryMs: 3_600_000,
    });
    cleanUps.push(publisher.stop, () => rm(dataDir, { recursive: true, force: true }));
    // The app's editor and the publisher share DATA_DIR/content, as on a server.
    const app = createTestApp(
      store(),
      { DATA_DIR: dataDir },
      undefined,
      undefined,
      siteWithRoom,
      undefined,
      publisher,
    );
    const { token } = await signedIn(store());
    const headers = roomHeaders(token);
    const unpublished = async () => {
      const answer = await app.request(`${ownerPaths.api}/versions`, { headers });
      expect(answer.status).toBe(200);
      return versionsSchema.parse(await answer.json()).unpublished;
    };
    expect(await unpublished()).toEqual({ count: 0, files: [] });

    // A save as the editor makes it.
    const file = join(dataDir, 'content/workshop.yaml');
    const document = parseDocument(await readFile(file, 'utf8'));
    document.setIn(['hero', 'cta'], 'Reserve Your Seat');
    const contents = Buffer.from(String(document)).toString('base64');
    const saved = await post(
      app,
      `${ownerPaths.editorApi}/update`,
      JSON.stringify({ additions: [{ path: 'workshop.yaml', contents }], deletions: [] }),
      { headers: { ...headers, 'no-cors': '1' } },
    );
    expect(saved.status).toBe(200);
    expect(await unpublished()).toEqual({ count: 1, files: ['workshop.yaml'] });

    const published = await post(app, `${ownerPaths.api}/publish`, '{}', { headers });
    expect(published.status).toBe(200);
    expect(publishedSchema.parse(await published.json()).version.changed).toEqual([
      'workshop.yaml',
    ]);
    expect(await unpublished()).toEqual({ count: 0, files: [] });
  }, 120_000);
});
