import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { buildPaths } from '../../../build-paths';
import { newslettersWithoutKit } from '../../../testing/publishing';
import { testSite } from '../../../testing/site';
import { describeEachStore } from '../../../testing/stores';
import { newsletterHook } from '../../writing';
import { auditEntries } from '../audit-log';
import { followRetry } from './follow-retry';
import { createPublisher, type Publisher } from './publisher';
import { recordVersion } from './versions';

/**
 * A version this instance cannot render (a render that hangs, crashes or runs out of memory)
 * must not be rendered again on every tick: a renderer that sleeps past a short time-out stands
 * in for it, and needs no build.
 */
describeEachStore('following a version that cannot be rendered', ({ store }) => {
  let dir: string;
  let publisher: Publisher | undefined;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'follow-'));
    await mkdir(join(dir, 'content'));
  });
  afterEach(async () => {
    publisher?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  /** A version recorded as another instance's publish would record it. */
  const published = (headline: string) =>
    recordVersion(store(), {
      files: new Map([['home.yaml', Buffer.from(`card: { headline: ${headline} }\n`)]]),
      builtWith: new Map(),
      ownerId: null,
      action: 'publish',
      now: Date.now(),
    });

  it('tries a few times with pauses between, then gives up once, in the audit log and the room, and keeps serving what it served', async () => {
    const sleeper = join(dir, 'sleeping-renderer.mjs');
    await writeFile(sleeper, 'setTimeout(() => {}, 30_000);\n');
    // The renders tried, as the room shows them: each try ends in a time-out, which the
    // publisher counts. (A note written by the stand-in itself would miss a try killed before
    // the stand-in had started, as happens on a busy machine.)
    const rendersTried = async () => (await publisher?.status())?.failed?.attempts ?? 0;
    const errors: { detail: Record<string, unknown>; message: string }[] = [];
    const site = testSite();
    let now = Date.parse('2026-03-02T09:00:00Z');
    publisher = createPublisher({
      store: store(),
      logger: {
        info: () => {},
        warn: () => {},
        error: (detail: Record<string, unknown>, message: string) =>
          errors.push({ detail, message }),
      } as never,
      site,
      dataDir: dir,
      workingCopy: async () => join(dir, 'content'),
      paths: {
        root: buildPaths.root,
        contentRenderer: sleeper,
        renderBundle: join(dir, 'no-render.js'),
        info: join(dir, 'no-build-info.json'),
        made: join(dir, 'no-made'),
      },
      followEveryMs: 3_600_000,
      hooks: [newsletterHook({ store: store(), ...newslettersWithoutKit })],
      renderTimeoutMs: 300,
      clock: () => now,
    });
    await published('One');

    // Calls that pile up while the render hangs start no second render of the same version.
    await Promise.all([publisher.follow(), publisher.follow(), publisher.follow()]);
    expect(await rendersTried()).toBe(1);
    expect(publisher.served()).toBe(0);
    expect((await publisher.status()).failed).toEqual({
      number: 1,
      attempts: 1,
      reason: 'timeout',
      retrying: true,
    });

    // Not again before the pause is over…
    now += followRetry.firstMs - 1;
    await publisher.follow();
    expect(await rendersTried()).toBe(1);
    // …then again after each, until the limit.
    for (let attempt = 2; attempt <= followRetry.attempts; attempt++) {
      now += followRetry.maxMs;
      await publisher.follow();
      expect(await rendersTried()).toBe(attempt);
    }
    now += 24 * 3_600_000;
    await publisher.follow();
    await publisher.follow();
    expect(await rendersTried()).toBe(followRetry.attempts);
    expect(publisher.served()).toBe(0);

    // One audit entry and one line saying so, not one per try.
    const failures = (await auditEntries(store(), 50)).filter(
      (entry) => entry.action === 'publish-failed',
    );
    expect(failures).toHaveLength(1);
    expect(failures[0]?.detail).toMatchObject({
      version: 1,
      serving: 0,
      attempts: followRetry.attempts,
      reason: 'timeout',
    });
    const gaveUp = errors.filter((line) => line.detail.retrying === false);
    expect(gaveUp).toHaveLength(1);
    expect(gaveUp[0]?.detail).toMatchObject({ version: 1, attempts: followRetry.attempts });
    expect((await publisher.status()).failed).toEqual({
      number: 1,
      attempts: followRetry.attempts,
      reason: 'timeout',
      retrying: false,
    });

    // A newer version is tried afresh.
    await published('Two');
    await publisher.follow();
    expect((await publisher.status()).failed).toMatchObject({ number: 2, attempts: 1 });
  }, 30_000);
});
