import { randomBytes, randomUUID } from 'node:crypto';
import { link, mkdir, readdir, readFile, stat, unlink, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { Document, isScalar, parse } from 'yaml';
import { postFile, postsDirectory } from '../../../contracts/content/index';
import { checkFile, formatProblem } from '../../../contracts/content/load';
import { plainText } from '../../../contracts/content/markdown/tree';
import { parsePostText } from '../../../contracts/content/post-text';
import { writingSegments } from '../../../contracts/content/posts';
import { slugOfWords } from '../../../contracts/words-slug';
import { staysInside } from '../../../server/features/room/editor/pictures';
import { oneLine, plainTextOfHtml, postTextOfHtml, shortened } from './html';
import type { ArchiveItem } from './item';
import { type FetchedPicture, type FetchPicture, pictureFetcher } from './pictures';

/**
 * A newsletter archive brought into the content (`npm run leads -- posts import`): each issue a
 * post, content/posts/<slug>.md, its pictures in content/images/, `newsletter: false` (it was
 * sent already) and `importedFrom` saying where it came from, so an issue is imported once
 * however often the import runs. Each post is checked as the build checks it before it is
 * written, and written whole or not at all.
 */

export interface ImportCounts {
  imported: number;
  /** Imported before: the same `importedFrom`, or a post of the same name and date. */
  already: number;
  /** Could not be made into a post; each said why. */
  failed: number;
}

export interface ImportOptions {
  items: readonly ArchiveItem[];
  contentDir: string;
  /** A line of the report. */
  say(line: string): void;
  /** How pictures are fetched: pictures.ts's fetcher with its caps, one for this import. */
  fetchPicture?: FetchPicture;
}

/** How long a description made from the text may be: a sentence or two, as in search results. */
const descriptionLength = 200;
const maxTags = 6;
const tagLength = 40;
/** A post's name is a slug of at most 64 characters (contracts/content/fields.ts); "-NN" fits after. */
const slugLength = 56;

interface Existing {
  date?: number;
  importedFrom?: string;
}

export async function importPosts({
  items,
  contentDir,
  say,
  fetchPicture: fetchOne = pictureFetcher(),
}: ImportOptions): Promise<ImportCounts> {
  const root = resolve(contentDir);
  if (!(await stat(root).catch(() => null))?.isDirectory()) {
    throw new Error(`${root} is not a folder: give the content folder with --content.`);
  }
  for (const folder of [postsDirectory, 'images']) {
    if (!(await staysInside(root, folder))) {
      throw new Error(`${join(root, folder)} leads outside the content folder; nothing imported.`);
    }
    await mkdir(join(root, folder), { recursive: true });
  }
  const existing = await existingPosts(root);
  const bySource = new Map<string, string>();
  for (const [slug, post] of existing) if (post.importedFrom) bySource.set(post.importedFrom, slug);
  const counts: ImportCounts = { imported: 0, already: 0, failed: 0 };

  // The oldest first: of two issues with one title, the first takes the plain name.
  const ordered = [...items].sort((a, b) => timeOf(a.date) - timeOf(b.date));
  for (const given of ordered) {
    // As the post keeps it (the schema's limit), so that the next run finds it.
    const item = { ...given, source: given.source?.slice(0, 500) };
    const named = bySource.get(item.source ?? '');
    if (item.source && named) {
      say(`Skipped ${described(item)}: already imported as ${postsDirectory}/${named}.md`);
      counts.already++;
      continue;
    }
    const title = oneLine(withoutFacts(item.title ? plainTextOfHtml(item.title) : ''));
    const fail = (why: string) => {
      say(`Failed ${described(item)}: ${why}`);
      counts.failed++;
    };
    if (!title) {
      fail('it has no title; give it one in the feed, or write the post by hand');
      continue;
    }
    const date = dateTimeOf(item.date);
    if (!date) {
      fail(`it has no date it was published (got ${item.date ? `"${shown(item.date)}"` : 'none'})`);
      continue;
    }
    const place = placeOf(title, date, existing);
    if (place.already) {
      say(`Skipped ${described(item)}: already imported as ${postsDirectory}/${place.slug}.md`);
      counts.already++;
      continue;
    }
    const { slug } = place;
    let made: MadePost;
    try {
      made = await postOf(item, { slug, title, date, root, fetchOne });
      const checked = checkFile(postFile(slug), made.text);
      if ('problems' in checked) {
        const [first, ...more] = checked.problems;
        fail(
          `the post it makes does not fit: ${first ? formatProblem(first).trim() : '?'}${more.length > 0 ? ` (and ${more.length} more)` : ''}`,
        );
        continue;
      }
      for (const picture of made.pictures) {
        await writeWhole(join(root, 'images', picture.name), picture.bytes, picture.same);
      }
      await writeWhole(join(root, postFile(slug).path), Buffer.from(made.text), false);
    } catch (error) {
      fail(error instanceof Error ? error.message : String(error));
      continue;
    }
    existing.set(slug, { date: Date.parse(date), importedFrom: item.source });
    if (item.source) bySource.set(item.source, slug);
    counts.imported++;
    say(
      `Imported ${postsDirectory}/${slug}.md: "${shown(title)}"${counted(made.pictures.length, 'picture')}${item.remark ? ` (${item.remark})` : ''}`,
    );
    for (const note of made.notes) say(`  ${note}`);
  }
  return counts;
}

interface MadePost {
  text: string;
  pictures: Array<{ name: string; bytes: Uint8Array; same: boolean }>;
  /** What was left out (a picture that could not be fetched), for the report. */
  notes: string[];
}

/** The post's file and its pictures, in memory: nothing is written until all of it fits. */
async function postOf(
  item: ArchiveItem,
  {
    slug,
    title,
    date,
    root,
    fetchOne,
  }: { slug: string; title: string; date: string; root: string; fetchOne: FetchPicture },
): Promise<MadePost> {
  const notes: string[] = [];
  const pictures: MadePost['pictures'] = [];
  const byUrl = new Map<string, string | null>();
  let number = 0;
  const picture = async (url: string): Promise<string | null> => {
    const known = byUrl.get(url);
    if (known !== undefined) return known;
    const fetched = await fetchOne(url);
    if ('problem' in fetched) {
      // Past the import's cap the post is not written, so the next run brings it whole.
      if (fetched.overCap) {
        throw new Error(
          `the picture ${shown(url)} is ${fetched.problem}; run the import again for the rest`,
        );
      }
      notes.push(`left out the picture ${shown(url)}: ${fetched.problem}`);
      byUrl.set(url, null);
      return null;
    }
    const name = await pictureName(root, slug, fetched, () => ++number, pictures);
    pictures.push({ name: name.name, bytes: fetched.bytes, same: name.same });
    byUrl.set(url, name.name);
    return name.name;
  };

  let cover: { src: string; alt: string } | undefined;
  if (item.cover) {
    const src = await picture(item.cover.url);
    if (src) cover = { src, alt: oneLine(item.cover.alt ?? '') || title };
  }
  let body = item.html
    ? await postTextOfHtml(item.html, {
        base: item.base,
        title,
        picture,
        note: (text) => notes.push(text),
      })
    : '';
  const summary = item.summary ? oneLine(withoutFacts(plainTextOfHtml(item.summary))) : '';
  if (!parsePostText(body).blocks.some((block) => block.kind !== 'picture')) {
    // No words: the summary is the text, or the post says only its title.
    const words = summary || title;
    body = [body, words.replace(/[\\`*_[\]<>#&{}]/g, '\\$&')].filter(Boolean).join('\n\n');
  }
  const description = shortened(
    withoutFacts(summary || firstParagraph(body) || title),
    descriptionLength,
  );

  const front = new Document({
    // Its own id, which keeps its newsletter to one broadcast whatever it is renamed
    // (contracts/content/posts.ts).
    id: randomUUID(),
    title,
    description,
    date,
    ...(item.tags.length > 0 ? { tags: tagsOf(item.tags) } : {}),
    ...(cover ? { cover } : {}),
    newsletter: false,
    ...(item.source ? { importedFrom: item.source } : {}),
  });
  // Quoted, as in the owner's posts: a YAML 1.1 reader would take it for a timestamp.
  const dateNode = front.get('date', true);
  if (isScalar(dateNode)) dateNode.type = 'QUOTE_DOUBLE';
  return { text: `---\n${front.toString({ lineWidth: 100 })}---\n${body}\n`, pictures, notes };
}

/**
 * A free name for a picture of the post: `<slug>-<n>.<ext>` in images/, never one that holds
 * another picture (an earlier run's same bytes are kept as they are).
 */
async function pictureName(
  root: string,
  slug: string,
  picture: FetchedPicture,
  next: () => number,
  taken: ReadonlyArray<{ name: string }>,
): Promise<{ name: string; same: boolean }> {
  for (;;) {
    const name = `${slug}-${next()}.${picture.extension}`;
    if (taken.some((other) => other.name === name)) continue;
    const there = await readFile(join(root, 'images', name)).catch(() => null);
    if (!there) return { name, same: false };
    if (Buffer.compare(there, picture.bytes) === 0) return { name, same: true };
  }
}

/**
 * The post's name: its title as a slug, then -2, -3… past a different post. A post there of the
 * same name and the same date is this one, imported before.
 */
function placeOf(
  title: string,
  date: string,
  existing: ReadonlyMap<string, Existing>,
): { slug: string; already: boolean } {
  const base = slugOfTitle(title);
  for (let number = 1; ; number++) {
    const slug = number === 1 ? base : `${base}-${number}`;
    if ((writingSegments as readonly string[]).includes(slug)) continue;
    const there = existing.get(slug);
    if (!there) return { slug, already: false };
    if (there.date === Date.parse(date)) return { slug, already: true };
  }
}

/** A title as a post's file name: lower-case letters, digits and hyphens. */
export function slugOfTitle(title: string): string {
  // Accents off first: "Café crème" is cafe-creme.
  const slug = slugOfWords(title.normalize('NFKD').replace(/\p{M}/gu, ''))
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  const short = slug.length > slugLength ? slug.slice(0, slugLength).replace(/-[^-]*$/, '') : slug;
  return short.replace(/-+$/, '') || 'post';
}

async function existingPosts(root: string): Promise<Map<string, Existing>> {
  const posts = new Map<string, Existing>();
  const names = await readdir(join(root, postsDirectory)).catch(() => [] as string[]);
  for (const name of names) {
    if (!name.endsWith('.md') || name.startsWith('.')) continue;
    const slug = name.slice(0, -'.md'.length);
    const text = await readFile(join(root, postsDirectory, name), 'utf8').catch(() => '');
    const front = /^---\r?\n([\s\S]*?)\r?\n---/.exec(text)?.[1] ?? '';
    let data: Record<string, unknown> = {};
    try {
      data = parse(front) ?? {};
    } catch {
      // A post that does not parse still has its name.
    }
    const date = typeof data.date === 'string' ? Date.parse(data.date) : Number.NaN;
    posts.set(slug, {
      date: Number.isNaN(date) ? undefined : date,
      importedFrom: typeof data.importedFrom === 'string' ? data.importedFrom : undefined,
    });
  }
  return posts;
}

/**
 * Writes a file whole: to a temporary file beside it, then linked into its name, which fails
 * rather than replace a file already there. An interrupted import leaves no half post.
 */
async function writeWhole(path: string, bytes: Uint8Array, alreadyThere: boolean): Promise<void> {
  if (alreadyThere) return;
  const partial = join(path, '..', `.${randomBytes(6).toString('hex')}.importing`);
  await writeFile(partial, bytes, { flag: 'wx' });
  try {
    await link(partial, path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') {
      throw new Error(`${path} appeared while importing; run the import again`);
    }
    throw error;
  } finally {
    await unlink(partial).catch(() => undefined);
  }
}

/** The first paragraph's words, for a description. */
function firstParagraph(body: string): string {
  const block = parsePostText(body).blocks.find((one) => one.kind === 'paragraph');
  return block?.kind === 'paragraph' ? oneLine(plainText(block.text)) : '';
}

/** Up to six tags of at most 40 characters, each once by its address. */
function tagsOf(categories: readonly string[]): string[] {
  const tags: string[] = [];
  const seen = new Set<string>();
  for (const category of categories) {
    const tag = shortened(oneLine(withoutFacts(category)), tagLength).replace(/…$/, '');
    const id = slugOfWords(tag);
    if (!id || seen.has(id)) continue;
    seen.add(id);
    tags.push(tag);
    if (tags.length === maxTags) break;
  }
  return tags;
}

/** `{name}` is a fact of the site (docs/editing-content.md): in imported words, just the word. */
const withoutFacts = (text: string) => text.replace(/\{(\w+)\}/g, '$1');

const timeOf = (date: string | undefined) => {
  const time = date ? Date.parse(date) : Number.NaN;
  return Number.isNaN(time) ? Number.POSITIVE_INFINITY : time;
};

/** A date as the schema's dateTime: to the second, with its UTC offset (+00:00). */
export function dateTimeOf(date: string | undefined): string | undefined {
  const time = date ? Date.parse(date) : Number.NaN;
  if (Number.isNaN(time)) return undefined;
  return new Date(time).toISOString().replace(/\.\d{3}Z$/, '+00:00');
}

const counted = (count: number, noun: string) =>
  count > 0 ? ` (${count} ${noun}${count === 1 ? '' : 's'})` : '';

/** How the report names an item: its title when it has one. */
function described(item: ArchiveItem): string {
  const title = item.title ? oneLine(item.title) : '';
  return title ? `"${shown(title)}" (${shown(item.label)})` : shown(item.label);
}

/** Text from a feed as the terminal shows it: no control characters, not too long. */
function shown(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: it goes to the owner's terminal.
  return shortened(text.replace(/[\u0000-\u001f\u007f-\u009f]+/g, ' '), 120);
}
