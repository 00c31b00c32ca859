import { join } from 'node:path';
import type { FailedVersion } from '../../../../contracts/owner-publish';
import type { Store } from '../../../db/store';
import type { Logger } from '../../../logger';
import { audit } from '../audit-log';
import { createFollowRetry } from './follow-retry';
import { InvalidContent, RenderFailed } from './render-child';
import type { Renders } from './renders';
import type { Serving } from './serving';
import { latestVersion, versionFiles } from './versions';

/**
 * How an instance follows the newest version in the database (docs/decisions/019-publish.md), so
 * that a publish on one reaches all of them. A version it cannot render is tried again after a
 * pause, a few times (./follow-retry.ts); one that does not fit this build is left alone.
 */

export interface FollowingOptions {
  store: Store;
  logger: Pick<Logger, 'info' | 'error'>;
  renders: Renders;
  serving: Serving;
  clock: () => number;
}

type Retries = ReturnType<typeof createFollowRetry>;

export function createFollowing(options: FollowingOptions) {
  const { store, logger, serving, clock } = options;
  const retries = createFollowRetry();
  /** A version that does not fit this build's schemas (published before a deploy). */
  let unfit: number | null = null;

  async function follow() {
    const latest = await latestVersion(store);
    if (!latest || latest.number <= serving.served() || latest.number === unfit) return;
    if (!retries.mayTry(latest.number, clock())) return;
    try {
      if (!(await serveVersion(options, latest))) return;
    } catch (error) {
      if (error instanceof InvalidContent) {
        // Published under another build whose schemas it fitted: not tried again until the
        // owner publishes anew.
        unfit = latest.number;
        logger.error(
          { version: latest.number, problems: error.message },
          'the published content does not fit this build; serving the content before it',
        );
        return;
      }
      await couldNotRender(options, retries, latest.number, error);
      return;
    }
    retries.succeeded();
    logger.info({ version: latest.number }, 'serving the content version published');
  }

  return {
    follow,
    /** A newer version than the one served that could not be rendered, for the room to show. */
    failed(): FailedVersion | null {
      const failed = retries.current();
      return failed && failed.number > serving.served() ? failed : null;
    },
  };
}

/** Serves a version: its kept render, or a new one. False if the version is gone. */
async function serveVersion(
  { store, renders, serving }: FollowingOptions,
  latest: { id: string; number: number },
): Promise<boolean> {
  // Rendered before, with this very build (a restart): served at once.
  if (await renders.keptFresh(latest.number)) {
    await serving.apply(renders.keptOut(latest.number), latest.number);
    return true;
  }
  const version = await versionFiles(store, latest.id);
  if (!version) return false;
  const rendered = await renders.render(version.files);
  await serving.apply(join(rendered, 'out'), latest.number);
  await renders.keep(rendered, latest.number);
  return true;
}

/** A failed try at a version: logged each time; given up once, in the audit log too. */
async function couldNotRender(
  { store, logger, serving, clock }: FollowingOptions,
  retries: Retries,
  number: number,
  error: unknown,
) {
  const { attempts, reason, retrying } = retries.failed(
    number,
    error instanceof RenderFailed ? error.reason : 'crash',
    clock(),
  );
  const detail = { version: number, serving: serving.served(), attempts, reason };
  logger.error(
    { ...detail, retrying, err: error instanceof Error ? error.message : String(error) },
    retrying
      ? 'the published content could not be rendered; trying again after a pause'
      : 'the published content could not be rendered; given up on it, serving the content before it',
  );
  if (!retrying) await audit(store, null, 'publish-failed', detail, clock());
}

/**
 * Calls `following` every `everyMs`; answers what stops it. A tick while a follow runs adds
 * nothing: the next tick comes soon enough.
 */
export function followEvery(
  following: { call: () => Promise<void>; running: () => boolean },
  everyMs: number,
  logger: Pick<Logger, 'error'>,
): () => void {
  const timer = setInterval(() => {
    if (following.running()) return;
    following
      .call()
      .catch((error: unknown) =>
        logger.error(
          { err: error instanceof Error ? error.message : String(error) },
          'following the published content failed; the pages served stay, retrying',
        ),
      );
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
