import { randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseDocument } from 'yaml';
import { postSlugOf, postsDirectory } from '../../../../contracts/content';
import { slugPattern } from '../../../../contracts/content/fields';
import { postIdOf } from '../../../../contracts/content/posts';
import type { Update } from './update';

/**
 * Every post the editor saves leaves with an id of its own (contracts/content/posts.ts), the key
 * that keeps its newsletter to one broadcast (docs/decisions/028-writing.md). The editor's field
 * writes a new id when a post is made and keeps it otherwise (keystatic-config.ts postIdField);
 * what the editor cannot know is put right here, before the save's other checks:
 *
 * - a post already on disk keeps the id it has there: a pasted entry brings another post's id,
 *   and a post from before ids takes its file name, the key its newsletter already has;
 * - a renamed post (a new file, and one post deleted in the same save) keeps the deleted post's;
 * - any other new post keeps the id the editor made, unless another post has it (a duplicated
 *   entry copies its id) or it is none: then it gets a new one.
 */
export async function withPostIds(
  contentDir: string,
  additions: Update['additions'],
  deletions: Update['deletions'],
): Promise<Update['additions']> {
  const onDisk = new Map<string, string>();
  const names = await readdir(join(contentDir, postsDirectory)).catch(() => [] as string[]);
  for (const name of names) {
    const slug = postSlugOf(`${postsDirectory}/${name}`);
    if (slug === null) continue;
    const text = await readFile(join(contentDir, postsDirectory, name), 'utf8').catch(() => null);
    if (text !== null) onDisk.set(slug, postIdOf(slug, { id: idIn(text) }));
  }
  const deletedSlugs = new Set(deletions.flatMap(({ path }) => postSlugOf(path) ?? []));
  /** The ids of the posts this save deletes: a new file with one of them is a rename. */
  const deleted = [...deletedSlugs].flatMap((slug) => onDisk.get(slug) ?? []);
  const saved = new Set(additions.flatMap(({ path }) => postSlugOf(path) ?? []));
  /** The ids of the posts the save leaves as they are, then of those it writes. */
  const taken = new Set(
    [...onDisk].flatMap(([slug, id]) => (saved.has(slug) || deletedSlugs.has(slug) ? [] : [id])),
  );

  /** The id a saved post leaves with, by the rules above. */
  const idFor = (slug: string, given: string | undefined): string => {
    const own = onDisk.get(slug);
    if (own !== undefined) return own;
    const renamed = given ?? (deleted.length === 1 ? deleted[0] : undefined);
    if (renamed !== undefined && deleted.includes(renamed) && !taken.has(renamed)) return renamed;
    if (given !== undefined && !taken.has(given)) return given;
    return randomUUID();
  };

  return additions.map((addition) => {
    const slug = postSlugOf(addition.path);
    if (slug === null) return addition;
    const text = Buffer.from(addition.contents, 'base64').toString('utf8');
    const given = idIn(text);
    const id = idFor(slug, given);
    taken.add(id);
    if (id === given) return addition;
    const withId = withIdIn(text, id);
    return withId === null
      ? addition
      : { ...addition, contents: Buffer.from(withId).toString('base64') };
  });
}

/** A post's front matter and text, split as the save step splits them (save.ts). */
const frontMatterOf = (text: string) => /^---\r?\n([\s\S]*?)\r?\n?---\r?\n?/.exec(text);

/** The id a post's text gives, if it gives one that could be an id. */
function idIn(text: string): string | undefined {
  const front = frontMatterOf(text);
  if (!front) return undefined;
  const document = parseDocument(front[1] ?? '');
  if (document.errors.length > 0) return undefined;
  const id: unknown = document.get('id');
  return typeof id === 'string' && slugPattern.test(id) ? id : undefined;
}

/** The post's text with `id` as its id; null when its front matter cannot be read. */
function withIdIn(text: string, id: string): string | null {
  const front = frontMatterOf(text);
  if (!front) return null;
  const document = parseDocument(front[1] ?? '');
  if (document.errors.length > 0) return null;
  document.set('id', id);
  return `---\n${document.toString({ lineWidth: 0 })}---\n${text.slice(front[0].length)}`;
}
