import { createHash, randomUUID } from 'node:crypto';
import { lstat, mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import type { Kysely, Transaction } from 'kysely';
import {
  type Content,
  type ContentName,
  contentFileAt,
  pageSlugOf,
  postSlugOf,
} from '../../../../contracts/content';
import { mapContentImages } from '../../../../contracts/content/images';
import { checkFile } from '../../../../contracts/content/load';
import { type Unpublished, unpublishedNamesShown } from '../../../../contracts/owner-publish';
import type { Database } from '../../../db/schema';
import type { Store } from '../../../db/store';
import { recordAudit } from '../audit-log';

/**
 * Published versions of the content, in the database (docs/decisions/019-publish.md): each is a
 * manifest of the content's files by SHA-256, their bytes stored once however many versions
 * share them. Every instance renders the newest version it finds, so a publish on one reaches
 * all of them; a rollback is a new version whose files are an older one's.
 */

/** The content's files: path (with /) → bytes. */
export type ContentFiles = Map<string, Buffer>;

/**
 * Caps on what a working copy may hold, so a runaway upload cannot fill the database: room for
 * an archive of several hundred posts with a picture or two each (npm run bench:publish with
 * BENCH_POSTS=500).
 */
export const contentLimits = { files: 2000, bytes: 64 * 1024 * 1024 } as const;

export class ContentTooLargeError extends Error {
  override name = 'ContentTooLargeError';
}

/** Where the pictures are: an image field's src is a path inside it (contracts/content/fields.ts). */
const picturesDir = 'images/';

interface ContentEntry {
  /** Relative to the content directory, with /. */
  name: string;
  path: string;
  size: number;
}

/**
 * The files of a content directory a publish takes, found without reading a picture: regular
 * files only (a symlink is never followed out of the working copy), without the editors' JSON
 * Schemas or hidden files, and without the pictures no content file names. A picture replaced in
 * the editor stays in the working copy; counted, such leftovers would reach the caps and stop
 * every publish.
 */
async function publishedEntries(dir: string): Promise<ContentEntry[]> {
  const entries: ContentEntry[] = [];
  async function walk(current: string) {
    for (const entry of await readdir(current, { withFileTypes: true })) {
      const path = join(current, entry.name);
      const name = relative(dir, path).split(sep).join('/');
      if (entry.name.startsWith('.') || name === 'schemas') continue;
      const stat = await lstat(path);
      if (stat.isDirectory()) await walk(path);
      else if (stat.isFile()) entries.push({ name, path, size: stat.size });
    }
  }
  await walk(dir);
  const named = await picturesNamed(entries);
  return entries.filter(
    ({ name }) => !name.startsWith(picturesDir) || named.has(name.slice(picturesDir.length)),
  );
}

/**
 * The pictures the content files name (the named files', the owner's pages' and the posts'),
 * found by the build's own walk of their image fields. A file that does not fit its schema names
 * none: its problems stop the publish before any picture is looked at.
 */
async function picturesNamed(entries: readonly ContentEntry[]): Promise<Set<string>> {
  const content: Partial<Record<ContentName, unknown>> & {
    pages: Record<string, unknown>;
    posts: Record<string, unknown>;
  } = { pages: {}, posts: {} };
  for (const entry of entries) {
    const found = contentFileAt(entry.name);
    if (!found) continue;
    const checked = checkFile(found.file, await readFile(entry.path, 'utf8'));
    if (!('value' in checked)) continue;
    const page = pageSlugOf(entry.name);
    const post = postSlugOf(entry.name);
    if (page !== null) content.pages[page] = checked.value;
    else if (post !== null) content.posts[post] = checked.value;
    else content[found.name as ContentName] = checked.value;
  }
  const images = new Set(
    entries
      .filter(({ name }) => name.startsWith(picturesDir))
      .map(({ name }) => name.slice(picturesDir.length)),
  );
  const named = new Set<string>();
  // A file left out above has no value, so the walk finds nothing in it.
  await mapContentImages(
    content as Content,
    async (ref) => {
      named.add(ref.src);
      return { src: ref.src, width: 0, height: 0, alt: ref.alt };
    },
    (src) => images.has(src),
  );
  return named;
}

/** How much of the caps a content directory's publish would take, for the room to show. */
export async function contentUsage(dir: string): Promise<{ files: number; bytes: number }> {
  const entries = await publishedEntries(dir);
  return { files: entries.length, bytes: entries.reduce((sum, { size }) => sum + size, 0) };
}

/** The files of a content directory as a publish takes them (publishedEntries), within the caps. */
export async function readContentFiles(dir: string): Promise<ContentFiles> {
  const entries = await publishedEntries(dir);
  const bytes = entries.reduce((sum, { size }) => sum + size, 0);
  if (entries.length > contentLimits.files || bytes > contentLimits.bytes) {
    throw new ContentTooLargeError(
      `The content holds more than ${contentLimits.files} files or ${contentLimits.bytes / 1024 / 1024} MB.`,
    );
  }
  const files: ContentFiles = new Map();
  for (const { name, path } of entries) files.set(name, await readFile(path));
  return files;
}

/** Writes files into an empty directory. */
export async function writeContentFiles(dir: string, files: ContentFiles): Promise<void> {
  for (const [name, bytes] of files) {
    const path = join(dir, name);
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, bytes);
  }
}

const hashOf = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
type Manifest = Record<string, string>;
const manifestOf = (files: ContentFiles): Manifest =>
  Object.fromEntries([...files].map(([name, bytes]) => [name, hashOf(bytes)]));

export interface VersionSummary {
  id: string;
  number: number;
  createdAt: string;
  owner: string | null;
  action: 'publish' | 'rollback';
  sourceNumber: number | null;
  changed: string[];
}

/** The newest version's id and number, or null before the first publish. */
export async function latestVersion(store: Store): Promise<{ id: string; number: number } | null> {
  const row = await store.db
    .selectFrom('content_versions')
    .select(['id', 'number'])
    .orderBy('number', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ?? null;
}

/** The versions, newest first, with who published each. */
export async function listVersions(store: Store, limit: number): Promise<VersionSummary[]> {
  const rows = await store.db
    .selectFrom('content_versions')
    .leftJoin('owners', 'owners.id', 'content_versions.owner_id')
    .select([
      'content_versions.id',
      'content_versions.number',
      'content_versions.created_at',
      'content_versions.action',
      'content_versions.source_number',
      'content_versions.changed',
      'owners.name',
    ])
    .orderBy('content_versions.number', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    number: row.number,
    createdAt: row.created_at,
    owner: row.name ?? null,
    action: row.action,
    sourceNumber: row.source_number,
    changed: JSON.parse(row.changed) as string[],
  }));
}

/** A version's files, from the database. */
export async function versionFiles(
  store: Store,
  id: string,
): Promise<{ number: number; files: ContentFiles } | null> {
  const version = await store.db
    .selectFrom('content_versions')
    .select(['number', 'manifest'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!version) return null;
  const manifest = JSON.parse(version.manifest) as Manifest;
  const hashes = [...new Set(Object.values(manifest))];
  const blobs = new Map<string, Buffer>();
  // In slices: a statement has a limit on its parameters.
  for (let start = 0; start < hashes.length; start += 200) {
    const rows = await store.db
      .selectFrom('content_blobs')
      .select(['hash', 'data'])
      .where('hash', 'in', hashes.slice(start, start + 200))
      .execute();
    for (const row of rows) blobs.set(row.hash, Buffer.from(row.data, 'base64'));
  }
  const files: ContentFiles = new Map();
  for (const [name, hash] of Object.entries(manifest)) {
    const bytes = blobs.get(hash);
    if (!bytes) throw new Error(`content version ${version.number} misses the file ${name}`);
    files.set(name, bytes);
  }
  return { number: version.number, files };
}

function changedPaths(before: Manifest, after: Manifest): string[] {
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...names].filter((name) => before[name] !== after[name]).sort();
}

/** The newest version's number and manifest: what the next version's changes are counted from. */
const newestVersion = (db: Kysely<Database>) =>
  db
    .selectFrom('content_versions')
    .select(['number', 'manifest'])
    .orderBy('number', 'desc')
    .limit(1)
    .executeTakeFirst();

/**
 * The working copy's changes not yet published: its files that differ from the newest version's
 * (the build's content's before the first publish), counted as a version's `changed` is, so the
 * next Publish lists the same names. The files are hashed one at a time, without the caps: a
 * working copy past them still says what it holds, and the caps' own line says why it cannot go.
 */
export async function unpublishedChanges(
  store: Store,
  dir: string,
  builtWith: () => Promise<ContentFiles>,
): Promise<Unpublished> {
  const newest = await newestVersion(store.db);
  const live = newest ? (JSON.parse(newest.manifest) as Manifest) : manifestOf(await builtWith());
  const working: Manifest = {};
  for (const { name, path } of await publishedEntries(dir)) {
    working[name] = hashOf(await readFile(path));
  }
  const changed = changedPaths(live, working);
  return { count: changed.length, files: changed.slice(0, unpublishedNamesShown) };
}

/**
 * Records a version and its audit entry in one transaction: the files' bytes (those not stored
 * yet), then the version with the next number. Two instances publishing at once cannot take the
 * same number (it is unique): the loser's transaction fails and it tries once more.
 */
/** Writes what a version brings besides its files, inside the transaction that records it. */
export type AlsoRecord = (trx: Transaction<Database>, now: number) => Promise<void>;

export async function recordVersion(
  store: Store,
  {
    files,
    ownerId,
    action,
    sourceNumber = null,
    builtWith,
    now,
    alsoRecord,
  }: {
    files: ContentFiles;
    /** The content the site was built with: what the first version's changes are counted from. */
    builtWith: ContentFiles;
    ownerId: string | null;
    action: 'publish' | 'rollback';
    sourceNumber?: number | null;
    now: number;
    /** What else the version brings, written in the same transaction. */
    alsoRecord?: AlsoRecord;
  },
): Promise<VersionSummary> {
  const manifest = manifestOf(files);
  const attempt = () =>
    store.write(async (trx) => {
      const previous = await newestVersion(trx);
      const stored = new Set(
        (
          await trx
            .selectFrom('content_blobs')
            .select('hash')
            .where('hash', 'in', [...new Set(Object.values(manifest)), ''])
            .execute()
        ).map((row) => row.hash),
      );
      for (const [name, bytes] of files) {
        const hash = manifest[name] ?? '';
        if (stored.has(hash)) continue;
        stored.add(hash);
        await trx
          .insertInto('content_blobs')
          .values({ hash, data: bytes.toString('base64') })
          .onConflict((conflict) => conflict.column('hash').doNothing())
          .execute();
      }
      const changed = changedPaths(
        previous ? (JSON.parse(previous.manifest) as Manifest) : manifestOf(builtWith),
        manifest,
      );
      const version = {
        id: randomUUID(),
        number: (previous?.number ?? 0) + 1,
        created_at: new Date(now).toISOString(),
        owner_id: ownerId,
        action,
        source_number: sourceNumber,
        manifest: JSON.stringify(manifest),
        changed: JSON.stringify(changed),
      };
      await trx.insertInto('content_versions').values(version).execute();
      await alsoRecord?.(trx, now);
      await recordAudit(
        trx,
        ownerId,
        action,
        { version: version.number, ...(sourceNumber ? { of: sourceNumber } : {}), changed },
        now,
      );
      return version;
    });
  const version = await attempt().catch(attempt);
  const owner = ownerId
    ? await store.db
        .selectFrom('owners')
        .select('name')
        .where('id', '=', ownerId)
        .executeTakeFirst()
    : undefined;
  return {
    id: version.id,
    number: version.number,
    createdAt: version.created_at,
    owner: owner?.name ?? null,
    action,
    sourceNumber,
    changed: JSON.parse(version.changed) as string[],
  };
}
