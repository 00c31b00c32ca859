import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { ContentUsage, FailedVersion } from '../../../contracts/owner-publish';
import type { PageId } from '../../../contracts/routes';
import { buildPaths as builtPaths } from '../../build-paths';
import type { Calendar } from '../../calendar';
import { loadRenderer } from '../../calendar';
import type { Store } from '../../db/store';
import type { Logger } from '../../logger';
import { loadRenderedContent, type Site } from '../../site';
import type { StaticFile } from '../../static-files';
import { audit } from '../access';
import { createFollowRetry, withOneWaiting } from './follow-retry';
import { InvalidContent, RenderFailed, renderInChild, renderTimeoutMs } from './render-child';
import {
  type ContentFiles,
  ContentTooLargeError,
  contentLimits,
  contentUsage,
  latestVersion,
  readContentFiles,
  recordVersion,
  type VersionSummary,
  versionFiles,
  writeContentFiles,
} from './versions';

/**
 * "Publish", "Roll back" and "Preview" in the owner's room (docs/decisions/019-publish.md).
 *
 * A publish takes the working copy's files, renders them in a child process with the build's
 * own bundles (scripts/render-content.ts) while this process goes on serving, records the
 * version in the database, and only then swaps the pages, pictures, share images and PDFs in
 * memory, all at once. Content that does not fit publishes nothing: the build's message comes
 * back for the room to show. Every instance follows the newest version in the database (a
 * check every few seconds), so a publish on one reaches all of them.
 */

/** How often an instance looks for a version published elsewhere. */
export const followMs = 2_000;

export type PublishResult =
  | { ok: true; version: VersionSummary }
  | { ok: false; problems: string }
  | { ok: false; unknownVersion: true };

export interface Preview {
  pages: Map<PageId, StaticFile>;
  images: Map<string, StaticFile>;
}

export interface Publisher {
  /** The version this instance serves: 0 while it serves the build's own content. */
  served(): number;
  publish(ownerId: string, now: number): Promise<PublishResult>;
  rollback(ownerId: string, versionId: string, now: number): Promise<PublishResult>;
  /** Renders the working copy for the owner's eyes only. */
  preview(): Promise<{ ok: true } | { ok: false; problems: string }>;
  currentPreview(): Preview | null;
  /**
   * Looks for a newer version in the database and serves it; the timer calls it. A version this
   * instance cannot render is tried again after a pause, a few times (./follow-retry.ts).
   */
  follow(): Promise<void>;
  /** What the room shows beside the versions: a newer version not served, and the caps used. */
  status(): Promise<{ failed: FailedVersion | null; usage: ContentUsage }>;
  stop(): void;
}

export interface PublisherOptions {
  store: Store;
  logger: Pick<Logger, 'info' | 'warn' | 'error'>;
  /** The live site, whose pages and files a publish replaces. */
  site: Site;
  calendar: Pick<Calendar, 'replace'> | null;
  /** Where renders are kept (DATA_DIR/published). */
  dataDir: string;
  /** The owner's working copy, made on first use: the same the editor writes into. */
  workingCopy: () => Promise<string>;
  paths?: Pick<typeof builtPaths, 'root' | 'contentRenderer' | 'renderBundle' | 'info'>;
  /** The content the site was built with (the repository's content/). */
  builtContentDir?: string;
  followEveryMs?: number;
  /** How long a render may take before it is stopped (a test's renderer that sleeps). */
  renderTimeoutMs?: number;
  clock?: () => number;
}

/** The working copy's files, or the problem that stops them being published. */
async function workingFiles(dir: string): Promise<ContentFiles | InvalidContent> {
  try {
    return await readContentFiles(dir);
  } catch (error) {
    if (error instanceof ContentTooLargeError) return new InvalidContent(error.message);
    throw error;
  }
}

/** Where scripts/render-content.ts writes, inside its out directory. */
const renderedPaths = (outDir: string) => ({
  client: join(outDir, 'client'),
  pages: join(outDir, 'pages'),
  private: join(outDir, 'private'),
  renderInput: join(outDir, 'render-input.json'),
});

export function createPublisher({
  store,
  logger,
  site,
  calendar,
  dataDir,
  workingCopy,
  paths = builtPaths,
  builtContentDir = join(builtPaths.root, 'content'),
  followEveryMs = followMs,
  renderTimeoutMs: timeoutMs = renderTimeoutMs,
  clock = Date.now,
}: PublisherOptions): Publisher {
  const root = resolve(dataDir, 'published');
  const build = { files: site.files, privateFiles: site.privateFiles };
  let served = 0;
  /** A version that does not fit this build's schemas (published before a deploy). */
  let unfit: number | null = null;
  let previous: Pick<Site, 'files'> | null = null;
  let preview: Preview | null = null;
  // One render at a time: a publish, a rollback, a preview or a follow waits for the one before.
  let queue: Promise<unknown> = Promise.resolve();
  const serially = <T>(work: () => Promise<T>): Promise<T> => {
    const run = queue.then(work);
    queue = run.catch(() => {});
    return run;
  };

  const retries = createFollowRetry();
  const versionDir = (number: number) => join(root, `v${number}`);
  const builtWith = () => readContentFiles(builtContentDir);

  /** Renders files into a fresh directory; answers it (content/ and out/ inside). */
  async function render(files: ContentFiles, isPreview = false): Promise<string> {
    const dir = join(root, `.render-${Date.now()}-${Math.random().toString(36).slice(2)}`);
    await mkdir(join(dir, 'content'), { recursive: true });
    try {
      await writeContentFiles(join(dir, 'content'), files);
      await renderInChild(paths, join(dir, 'content'), join(dir, 'out'), {
        preview: isPreview,
        timeoutMs,
      });
      return dir;
    } catch (error) {
      await rm(dir, { recursive: true, force: true });
      throw error;
    }
  }

  /** Serves what a render wrote: every page, picture and PDF swapped together. */
  async function apply(outDir: string, number: number) {
    const rendered = await loadRenderedContent(renderedPaths(outDir));
    const rendering = await loadRenderer({
      renderBundle: paths.renderBundle,
      renderInput: join(outDir, 'render-input.json'),
      info: join(outDir, 'build-info.json'),
    });
    if (!rendering) throw new Error(`the render in ${outDir} is incomplete`);
    // The calendar first: it waits for a render of the old content still under way, which would
    // otherwise land on top of the new pages.
    await calendar?.replace(rendering.renderer, rendering.renderedFor);
    // The version before stays reachable a while: a page cached with its old pictures still
    // finds them.
    site.files = new Map([...build.files, ...(previous?.files ?? []), ...rendered.files]);
    site.privateFiles = new Map([...build.privateFiles, ...rendered.privateFiles]);
    site.friendsGoal = rendered.friendsGoal;
    site.workshopSessions = rendered.workshopSessions;
    for (const [page, file] of rendered.pages) site.pages.set(page, file);
    previous = rendered;
    served = number;
  }

  /** The build the renders were made with: a new deploy renders every version again. */
  const buildStamp = () => readFile(paths.info, 'utf8');
  const stampFile = (number: number) => join(versionDir(number), 'built-with.json');

  /** Whether a version's kept render was made with this very build. */
  async function keptFresh(number: number) {
    const stamp = stampFile(number);
    return existsSync(stamp) && (await readFile(stamp, 'utf8')) === (await buildStamp());
  }

  /**
   * Keeps a version's render for the next start, and drops those two versions older. Instances
   * sharing a data directory may both render a version: the first one kept stands.
   */
  async function keep(dir: string, number: number) {
    if (!(await keptFresh(number))) await rm(versionDir(number), { recursive: true, force: true });
    try {
      await rename(dir, versionDir(number));
      await writeFile(stampFile(number), await buildStamp());
    } catch {
      await rm(dir, { recursive: true, force: true });
    }
    for (const entry of await readdir(root)) {
      const match = /^v(\d+)$/.exec(entry);
      if (match && Number(match[1]) < number - 1) {
        await rm(join(root, entry), { recursive: true, force: true });
      }
    }
  }

  async function publishFiles(
    files: ContentFiles,
    record: () => Promise<VersionSummary>,
  ): Promise<PublishResult> {
    let dir: string;
    try {
      dir = await render(files);
    } catch (error) {
      if (error instanceof InvalidContent) return { ok: false, problems: error.message };
      throw error;
    }
    const version = await record();
    await apply(join(dir, 'out'), version.number);
    await keep(dir, version.number);
    logger.info({ version: version.number, changed: version.changed }, 'content published');
    return { ok: true, version };
  }

  /** Serves a version: its kept render, or a new one. False if the version is gone. */
  async function serveVersion(latest: { id: string; number: number }): Promise<boolean> {
    // Rendered before, with this very build (a restart): served at once.
    if (await keptFresh(latest.number)) {
      await apply(join(versionDir(latest.number), 'out'), latest.number);
      return true;
    }
    const version = await versionFiles(store, latest.id);
    if (!version) return false;
    const rendered = await render(version.files);
    await apply(join(rendered, 'out'), latest.number);
    await keep(rendered, latest.number);
    return true;
  }

  async function follow() {
    const latest = await latestVersion(store);
    if (!latest || latest.number <= served || latest.number === unfit) return;
    if (!retries.mayTry(latest.number, clock())) return;
    try {
      if (!(await serveVersion(latest))) return;
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
      await couldNotRender(latest.number, error);
      return;
    }
    retries.succeeded();
    logger.info({ version: latest.number }, 'serving the content version published');
  }

  /** A failed try at a version: logged each time; given up once, in the audit log too. */
  async function couldNotRender(number: number, error: unknown) {
    const { attempts, reason, retrying } = retries.failed(
      number,
      error instanceof RenderFailed ? error.reason : 'crash',
      clock(),
    );
    const detail = { version: number, serving: served, attempts, reason };
    logger.error(
      { ...detail, retrying, err: error instanceof Error ? error.message : String(error) },
      retrying
        ? 'the published content could not be rendered; trying again after a pause'
        : 'the published content could not be rendered; given up on it, serving the content before it',
    );
    if (!retrying) await audit(store, null, 'publish-failed', detail, clock());
  }

  const following = withOneWaiting(() => serially(follow));
  const timer = setInterval(() => {
    // A tick while a follow runs adds nothing: the next tick comes soon enough.
    if (following.running()) return;
    following
      .call()
      .catch((error: unknown) =>
        logger.error(
          { err: error instanceof Error ? error.message : String(error) },
          'following the published content failed; the pages served stay, retrying',
        ),
      );
  }, followEveryMs);
  timer.unref();

  return {
    served: () => served,
    publish: (ownerId, now) =>
      serially(async () => {
        await mkdir(root, { recursive: true });
        const files = await workingFiles(await workingCopy());
        if (files instanceof InvalidContent) return { ok: false as const, problems: files.message };
        return publishFiles(files, async () =>
          recordVersion(store, {
            files,
            ownerId,
            action: 'publish',
            builtWith: await builtWith(),
            now,
          }),
        );
      }),
    rollback: (ownerId, versionId, now) =>
      serially(async () => {
        await mkdir(root, { recursive: true });
        const version = await versionFiles(store, versionId);
        if (!version) return { ok: false as const, unknownVersion: true as const };
        const result = await publishFiles(version.files, async () =>
          recordVersion(store, {
            files: version.files,
            ownerId,
            action: 'rollback',
            sourceNumber: version.number,
            builtWith: await builtWith(),
            now,
          }),
        );
        // The working copy becomes what is live again, so the next publish starts from it.
        if (result.ok) await replaceWorkingCopy(await workingCopy(), version.files);
        return result;
      }),
    preview: () =>
      serially(async () => {
        await mkdir(root, { recursive: true });
        const files = await workingFiles(await workingCopy());
        let dir: string;
        try {
          if (files instanceof InvalidContent) throw files;
          dir = await render(files, true);
        } catch (error) {
          if (error instanceof InvalidContent)
            return { ok: false as const, problems: error.message };
          throw error;
        }
        const out = join(dir, 'out');
        const { pages, files: rendered } = await loadRenderedContent(renderedPaths(out));
        preview = {
          pages,
          images: new Map([...rendered].map(([path, file]) => [path.slice(1), file])),
        };
        await rm(dir, { recursive: true, force: true });
        return { ok: true as const };
      }),
    currentPreview: () => preview,
    follow: following.call,
    status: async () => {
      const failed = retries.current();
      const usage = await contentUsage(await workingCopy());
      return {
        failed: failed && failed.number > served ? failed : null,
        usage: { ...usage, maxFiles: contentLimits.files, maxBytes: contentLimits.bytes },
      };
    },
    stop: () => clearInterval(timer),
  };
}

/** Puts files in place of the working copy, whole: written beside it, then renamed over it. */
async function replaceWorkingCopy(working: string, files: ContentFiles) {
  const next = `${working}.next-${process.pid}`;
  const old = `${working}.old-${process.pid}`;
  await rm(next, { recursive: true, force: true });
  await mkdir(next, { recursive: true });
  await writeContentFiles(next, files);
  if (existsSync(working)) await rename(working, old);
  await rename(next, working);
  await rm(old, { recursive: true, force: true });
}
