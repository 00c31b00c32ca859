import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parse } from 'yaml';
import { z } from 'zod';
import { contentFiles, postSlugOf, postsDirectory } from '../../../contracts/content';
import { checkContentFile } from '../../../contracts/content/load';
import { postIdOf } from '../../../contracts/content/posts';
import type { NextNewsletters } from '../../../contracts/owner-publish';
import type { Store } from '../../db/store';
import { countConfirmedSubscribers } from '../leads';
import { broadcastLeadMs, datePassed, listPostBroadcasts } from './store';

/** What this reads of a post's front matter: the rest is the build's to check at Publish. */
const marked = z.object({
  id: z.string().optional(),
  title: z.string(),
  date: z.string().refine((date) => !Number.isNaN(Date.parse(date))),
  newsletter: z.literal(true),
});

/**
 * What the next Publish of the working copy `dir` would do to the posts' newsletters
 * (docs/decisions/028-writing.md), for the room to show before the owner presses it: each post
 * marked "newsletter" whose broadcast Publish would start (none yet, or called off) or has
 * started and not yet made (waiting for its time); a post dated in the past is `late`, started
 * only if the owner confirms it. None without Kit. Only the posts' front matter is read, so the
 * room opens quickly however long the archive; a post that does not fit is Publish's to refuse.
 */
export async function nextNewsletters({
  store,
  dir,
  kit,
  now,
}: {
  store: Store;
  dir: string;
  kit: boolean;
  now: number;
}): Promise<NextNewsletters> {
  if (!kit) return { subscribers: 0, posts: [] };
  const writing = checkContentFile(
    'writing',
    await readFile(join(dir, contentFiles.writing.path), 'utf8').catch(() => ''),
  );
  if (!('value' in writing)) return { subscribers: 0, posts: [] };
  const { broadcast } = writing.value.newsletter;
  const states = new Map(
    (await listPostBroadcasts(store)).map((row) => [row.post_id, row.state] as const),
  );
  const posts: NextNewsletters['posts'] = [];
  const names = await readdir(join(dir, postsDirectory)).catch(() => [] as string[]);
  for (const name of names.sort()) {
    const slug = postSlugOf(`${postsDirectory}/${name}`);
    if (slug === null) continue;
    const text = await readFile(join(dir, postsDirectory, name), 'utf8').catch(() => '');
    const post = marked.safeParse(frontMatter(text));
    if (!post.success) continue;
    const id = postIdOf(slug, post.data);
    const state = states.get(id);
    const starts = state === undefined || state === 'called-off';
    // A waiting one whose time has come is being made now: the outbox's, not Publish's.
    const waits = state === 'waiting' && Date.parse(post.data.date) - broadcastLeadMs > now;
    if (!starts && !waits) continue;
    const late = starts && datePassed(post.data, now);
    posts.push({ id, title: post.data.title, date: post.data.date, broadcast, late });
  }
  posts.sort((a, b) => Date.parse(a.date) - Date.parse(b.date));
  return { subscribers: await countConfirmedSubscribers(store), posts };
}

/** A post's front matter as data; nothing when it is not readable YAML. */
function frontMatter(text: string): unknown {
  const match = /^---\r?\n([\s\S]*?)\r?\n---/.exec(text);
  try {
    return match ? parse(match[1] ?? '') : undefined;
  } catch {
    return undefined;
  }
}
