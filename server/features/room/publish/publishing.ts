import { existsSync } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { DocumentId } from '../../../../contracts/content/experiments';
import type { Store } from '../../../db/store';
import type { StaticFile } from '../../../http/static-files';
import type { Logger } from '../../../logger';
import { loadRenderedContent } from '../../../site';
import type { Held, PublishHook } from './hooks';
import { InvalidContent } from './render-child';
import { type Renders, renderedPaths } from './renders';
import type { Serving } from './serving';
import {
  type AlsoRecord,
  type ContentFiles,
  ContentTooLargeError,
  readContentFiles,
  recordVersion,
  type VersionSummary,
  versionFiles,
  writeContentFiles,
} from './versions';

/**
 * "Publish", "Roll back" and "Preview" (docs/decisions/019-publish.md): the files are rendered
 * first, and only a render that worked is recorded as a version and served. Content that does
 * not fit publishes nothing: the build's message comes back for the room to show.
 */

export type PublishResult =
  | {
      ok: true;
      version: VersionSummary;
      /** Posts dated in the past published without their newsletter (queueBroadcasts). */
      notSent: Array<{ id: string; title: string }>;
    }
  | { ok: false; problems: string }
  | { ok: false; unknownVersion: true };

export interface Preview {
  pages: Map<DocumentId, StaticFile>;
  images: Map<string, StaticFile>;
}

export interface PublishingOptions {
  store: Store;
  logger: Pick<Logger, 'info'>;
  renders: Renders;
  serving: Serving;
  /** The owner's working copy, made on first use: the same the editor writes into. */
  workingCopy: () => Promise<string>;
  /** The content the site was built with, recorded beside each version. */
  builtWith: () => Promise<ContentFiles>;
  /** What the features start with a version (./hooks.ts): the posts' newsletters. */
  hooks: readonly PublishHook[];
}

/**
 * Publishes the owner's working copy as a new version. `sendLate`: the posts dated in the past
 * whose newsletter the owner confirmed (docs/decisions/028-writing.md); any other is published
 * without one.
 */
export async function publishWorkingCopy(
  options: PublishingOptions,
  /** None when published from the server's terminal (`npm run leads -- experiments end`). */
  ownerId: string | null,
  now: number,
  sendLate: readonly string[] = [],
): Promise<PublishResult> {
  const files = await workingFiles(await options.workingCopy());
  if (files instanceof InvalidContent) return { ok: false, problems: files.message };
  return publishFiles(options, files, sendLate, async (alsoRecord) =>
    recordVersion(options.store, {
      files,
      ownerId,
      action: 'publish',
      builtWith: await options.builtWith(),
      now,
      alsoRecord,
    }),
  );
}

/**
 * Publishes an older version's files again as a new version, and makes them the working copy. A
 * newsletter it would start for a post dated in the past is left unsent: nobody confirmed it.
 */
export async function rollBack(
  options: PublishingOptions,
  ownerId: string,
  versionId: string,
  now: number,
): Promise<PublishResult> {
  const version = await versionFiles(options.store, versionId);
  if (!version) return { ok: false, unknownVersion: true };
  const result = await publishFiles(options, version.files, [], async (alsoRecord) =>
    recordVersion(options.store, {
      files: version.files,
      ownerId,
      action: 'rollback',
      sourceNumber: version.number,
      builtWith: await options.builtWith(),
      now,
      alsoRecord,
    }),
  );
  // The working copy becomes what is live again, so the next publish starts from it.
  if (result.ok) await replaceWorkingCopy(await options.workingCopy(), version.files);
  return result;
}

/** Renders the working copy for the owner's eyes only; nothing is recorded or served. */
export async function renderPreview({
  renders,
  workingCopy,
}: Pick<PublishingOptions, 'renders' | 'workingCopy'>): Promise<Preview | InvalidContent> {
  const files = await workingFiles(await workingCopy());
  if (files instanceof InvalidContent) return files;
  let dir: string;
  try {
    dir = await renders.render(files, true);
  } catch (error) {
    if (error instanceof InvalidContent) return error;
    throw error;
  }
  const { pages, files: rendered } = await loadRenderedContent(renderedPaths(join(dir, 'out')));
  await rm(dir, { recursive: true, force: true });
  return { pages, images: new Map([...rendered].map(([path, file]) => [path.slice(1), file])) };
}

/**
 * Renders files, and only then records the version and serves it. The posts' newsletters are
 * queued in the transaction that records the version, so a version is never live without them.
 */
async function publishFiles(
  { logger, renders, serving, hooks }: PublishingOptions,
  files: ContentFiles,
  sendLate: readonly string[],
  record: (alsoRecord: AlsoRecord) => Promise<VersionSummary>,
): Promise<PublishResult> {
  let dir: string;
  try {
    dir = await renders.render(files);
  } catch (error) {
    if (error instanceof InvalidContent) return { ok: false, problems: error.message };
    throw error;
  }
  const renderInput = renderedPaths(join(dir, 'out')).renderInput;
  const starts = await Promise.all(hooks.flatMap((hook) => hook.starts?.(renderInput) ?? []));
  let notSent: Held[] = [];
  const version = await record(async (trx, now) => {
    const held: Held[] = [];
    for (const start of starts) held.push(...(await start(trx, { now, confirmed: sendLate })));
    notSent = held;
  });
  await serving.apply(join(dir, 'out'), version.number);
  await renders.keep(dir, version.number);
  logger.info({ version: version.number, changed: version.changed }, 'content published');
  return { ok: true, version, notSent };
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
