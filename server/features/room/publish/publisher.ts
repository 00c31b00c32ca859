import { join, resolve } from 'node:path';
import type {
  ContentUsage,
  FailedVersion,
  NextNewsletters,
  Unpublished,
} from '../../../../contracts/owner-publish';
import { buildPaths as builtPaths } from '../../../build-paths';
import type { Store } from '../../../db/store';
import type { Logger } from '../../../logger';
import type { Site } from '../../../site';
import { withOneWaiting } from './follow-retry';
import { createFollowing, followEvery } from './following';
import { nothingUpcoming, type PublishHook } from './hooks';
import {
  type Preview,
  type PublishResult,
  publishWorkingCopy,
  renderPreview,
  rollBack,
} from './publishing';
import { InvalidContent, renderTimeoutMs } from './render-child';
import { createRenders, type RenderPaths } from './renders';
import { createServing } from './serving';
import { contentLimits, contentUsage, readContentFiles, unpublishedChanges } from './versions';

/**
 * "Publish", "Roll back" and "Preview" in the owner's room (docs/decisions/019-publish.md).
 *
 * A publish takes the working copy's files, renders them in a child process with the build's
 * own bundles (scripts/content-step-child.ts) while this process goes on serving, records the
 * version in the database, and only then swaps the pages, pictures, share images and PDFs in
 * memory, all at once (./publishing.ts, ./renders.ts, ./serving.ts). Every instance follows the
 * newest version in the database (a check every few seconds, ./following.ts), so a publish on
 * one reaches all of them.
 */

/** How often an instance looks for a version published elsewhere. */
export const followMs = 2_000;

export interface Publisher {
  /** The version this instance serves: 0 while it serves the build's own content. */
  served(): number;
  /**
   * `sendLate`: the posts dated in the past whose newsletter the owner confirmed; any other is
   * published without one (docs/decisions/028-writing.md). `ownerId` is none from the server's
   * terminal (`npm run leads -- experiments end`).
   */
  publish(
    ownerId: string | null,
    now: number,
    sendLate?: readonly string[],
  ): Promise<PublishResult>;
  rollback(ownerId: string, versionId: string, now: number): Promise<PublishResult>;
  /** Renders the working copy for the owner's eyes only. */
  preview(): Promise<{ ok: true } | { ok: false; problems: string }>;
  currentPreview(): Preview | null;
  /**
   * Looks for a newer version in the database and serves it; the timer calls it. A version this
   * instance cannot render is tried again after a pause, a few times (./follow-retry.ts).
   */
  follow(): Promise<void>;
  /**
   * What the room shows beside the versions: a newer version not served, the caps used, the
   * changes saved and not yet published, and the newsletters the next Publish would start.
   */
  status(): Promise<{
    failed: FailedVersion | null;
    usage: ContentUsage;
    unpublished: Unpublished;
    newsletters: NextNewsletters;
  }>;
  stop(): void;
}

export interface PublisherOptions {
  store: Store;
  logger: Pick<Logger, 'info' | 'warn' | 'error'>;
  /** The live site, whose pages and files a publish replaces. */
  site: Site;
  /** Where renders are kept (DATA_DIR/published). */
  dataDir: string;
  /** The owner's working copy, made on first use: the same the editor writes into. */
  workingCopy: () => Promise<string>;
  paths?: RenderPaths;
  /** The content the site was built with (the repository's content/). */
  builtContentDir?: string;
  followEveryMs?: number;
  /** What the features do when content is published (./hooks.ts); none by default. */
  hooks?: readonly PublishHook[];
  /** How long a render may take before it is stopped (a test's renderer that sleeps). */
  renderTimeoutMs?: number;
  clock?: () => number;
}

export function createPublisher({
  store,
  logger,
  site,
  dataDir,
  workingCopy,
  paths = builtPaths,
  builtContentDir = join(builtPaths.root, 'content'),
  followEveryMs = followMs,
  hooks = [],
  renderTimeoutMs: timeoutMs = renderTimeoutMs,
  clock = Date.now,
}: PublisherOptions): Publisher {
  const renders = createRenders(resolve(dataDir, 'published'), paths, timeoutMs);
  const serving = createServing(site, hooks);
  const builtWith = () => readContentFiles(builtContentDir);
  const publishing = { store, logger, renders, serving, workingCopy, builtWith, hooks };
  const following = createFollowing({ store, logger, renders, serving, clock });
  // One render at a time: a publish, a rollback, a preview or a follow waits for the one before.
  const serially = oneAtATime();
  const follow = withOneWaiting(() => serially(following.follow));
  let preview: Preview | null = null;

  return {
    served: serving.served,
    publish: (ownerId, now, sendLate) =>
      serially(() => publishWorkingCopy(publishing, ownerId, now, sendLate)),
    rollback: (ownerId, versionId, now) =>
      serially(() => rollBack(publishing, ownerId, versionId, now)),
    preview: () =>
      serially(async () => {
        const rendered = await renderPreview(publishing);
        if (rendered instanceof InvalidContent) return { ok: false, problems: rendered.message };
        preview = rendered;
        return { ok: true };
      }),
    currentPreview: () => preview,
    follow: follow.call,
    status: async () => {
      const failed = following.failed();
      const dir = await workingCopy();
      const usage = await contentUsage(dir);
      const upcoming = hooks.find((hook) => hook.upcoming)?.upcoming;
      return {
        failed,
        usage: { ...usage, maxFiles: contentLimits.files, maxBytes: contentLimits.bytes },
        unpublished: await unpublishedChanges(store, dir, builtWith),
        newsletters: upcoming ? await upcoming(dir, clock()) : nothingUpcoming,
      };
    },
    stop: followEvery(follow, followEveryMs, logger),
  };
}

/** Runs each piece of work once the one before it has ended, however that one ended. */
function oneAtATime() {
  let queue: Promise<unknown> = Promise.resolve();
  return <T>(work: () => Promise<T>): Promise<T> => {
    const run = queue.then(work);
    queue = run.catch(() => {});
    return run;
  };
}
