import type { Post, Writing } from './content/posts';
import type { Redirect } from './content/redirects';
import { slugOfWords } from './words-slug';

/**
 * The writing's pages (docs/decisions/028-writing.md): the index at the section's path and its
 * later pages, a page per tag, a page per post. The route table (contracts/routes.ts) takes them
 * with the owner's pages; the renderer and the feeds list the posts in the same order.
 */

/** The index ("writing"), its later pages, a tag's page, and a post's, by its file's name. */
export type WritingPageId =
  | 'writing'
  | `writing/page/${number}`
  | `writing/tags/${string}`
  | `posts/${string}`;

/** What the route table needs of the writing. */
export interface WritingContent {
  writing?: Pick<Writing, 'path' | 'perPage'>;
  posts?: Readonly<Record<string, Pick<Post, 'date' | 'tags'> & { updated?: string }>>;
}

const tagSlugs = new Map<string, string>();

/**
 * A tag's address on the site, from its words ("Selling a business" → "selling-a-business").
 * Remembered: an archive has a few tags, each read on every page that lists or relates posts.
 */
export function tagSlug(tag: string): string {
  let slug = tagSlugs.get(tag);
  if (slug === undefined) {
    slug = slugOfWords(tag);
    tagSlugs.set(tag, slug);
  }
  return slug;
}

/** Whether a page id is one of the writing's. */
export function isWritingPage(page: string): page is WritingPageId {
  return page === 'writing' || page.startsWith('writing/') || page.startsWith('posts/');
}

/** A post's page id. */
export function postPageId(slug: string): WritingPageId {
  return `posts/${slug}`;
}

/** The post a page id is, or null. */
export function postSlugOfPage(page: string): string | null {
  return page.startsWith('posts/') ? page.slice('posts/'.length) : null;
}

/** The posts, newest first; posts of one moment in their files' order. */
export function postsInOrder<P extends Pick<Post, 'date'>>(
  posts: Readonly<Record<string, P>>,
): Array<{ slug: string; post: P }> {
  // Each date read once, not at every comparison: every page of an archive of 500 orders it.
  return Object.entries(posts)
    .map(([slug, post]) => ({ slug, post, time: Date.parse(post.date) }))
    .sort((a, b) => b.time - a.time || (a.slug < b.slug ? -1 : 1))
    .map(({ slug, post }) => ({ slug, post }));
}

/** The posts published by `now`, newest first. */
export function publishedPosts<P extends Pick<Post, 'date'>>(
  posts: Readonly<Record<string, P>>,
  now: number,
): Array<{ slug: string; post: P }> {
  return postsInOrder(posts).filter(({ post }) => Date.parse(post.date) <= now);
}

/** The newest posts published by `now`, at most `count`: the home page's latest writing. */
export function latestPosts<P extends Pick<Post, 'date'>>(
  posts: Readonly<Record<string, P>>,
  now: number,
  count = 3,
): Array<{ slug: string; post: P }> {
  return publishedPosts(posts, now).slice(0, count);
}

/** What a post's foot offers the reader: its neighbours by date, and more under its first tag. */
export interface PostFoot<P> {
  /** The post before it (older), and after it (newer). */
  previous?: { slug: string; post: P };
  next?: { slug: string; post: P };
  /** Its first tag, in its own words; none when it has no tag. */
  tag?: string;
  /** Up to `count` other posts under that tag, newest first, neither it nor a neighbour. */
  more: Array<{ slug: string; post: P }>;
}

/**
 * A post's foot at `now`, from the posts published by then; the post itself counts even before
 * its time, since its page is made ahead and opens at its date. The neighbours are not repeated
 * under the tag: the foot names each post once.
 */
export function postFoot<P extends Pick<Post, 'date' | 'tags'>>(
  posts: Readonly<Record<string, P>>,
  slug: string,
  now: number,
  count = 3,
): PostFoot<P> {
  const ordered = postsInOrder(posts).filter(
    (each) => each.slug === slug || Date.parse(each.post.date) <= now,
  );
  const place = ordered.findIndex((each) => each.slug === slug);
  if (place < 0) return { more: [] };
  // Newest first: the previous post is the older one, the next the newer.
  const previous = ordered[place + 1];
  const next = place > 0 ? ordered[place - 1] : undefined;
  const tag = ordered[place]?.post.tags[0];
  const shown = new Set([slug, previous?.slug, next?.slug]);
  const more =
    tag === undefined
      ? []
      : ordered
          .filter(
            ({ slug: other, post }) =>
              !shown.has(other) && post.tags.some((each) => tagSlug(each) === tagSlug(tag)),
          )
          .slice(0, count);
  return {
    ...(previous ? { previous } : {}),
    ...(next ? { next } : {}),
    ...(tag === undefined ? {} : { tag }),
    more,
  };
}

/**
 * The moments a post changes what readers see (as written): its date, and its update when that
 * is later. None comes before the post is out, so the latest of them passed at a time
 * (`latestBy`) never tells of a post, or an update, still ahead.
 */
export function changesOf(post: Pick<Post, 'date'> & { updated?: string }): string[] {
  const { date, updated } = post;
  return updated && Date.parse(updated) > Date.parse(date) ? [date, updated] : [date];
}

/** The latest of these moments passed by `now`, as written; none when none has. */
export function latestBy(moments: readonly string[], now: number): string | undefined {
  let latest: { moment: string; time: number } | undefined;
  for (const moment of moments) {
    const time = Date.parse(moment);
    if (time <= now && (!latest || time > latest.time)) latest = { moment, time };
  }
  return latest?.moment;
}

/**
 * Every tag by its address, with the words of its first use (newest post first), among the posts
 * published by `now`: all of them unless it is given.
 */
export function tagsOf<P extends Pick<Post, 'date' | 'tags'>>(
  posts: Readonly<Record<string, P>>,
  now = Number.POSITIVE_INFINITY,
): Map<string, string> {
  const tags = new Map<string, string>();
  for (const { post } of publishedPosts(posts, now)) {
    for (const tag of post.tags) if (!tags.has(tagSlug(tag))) tags.set(tagSlug(tag), tag);
  }
  return tags;
}

/** How many pages the index takes. */
export function indexPageCount(posts: number, perPage: number): number {
  return Math.max(1, Math.ceil(posts / perPage));
}

/** The path of the index's page `number` (1 is the section's own path). */
export function indexPath(path: string, number: number): string {
  return number === 1 ? path : `${path}/page/${number}`;
}

/** Every page of the writing with its path on the main site; none without the section. */
export function writingPages({ writing, posts = {} }: WritingContent): Array<{
  page: WritingPageId;
  path: string;
  changed: readonly string[];
  from?: string;
}> {
  if (!writing) return [];
  const ordered = postsInOrder(posts);
  // When the list's n-th post (0 the first) is published: its page opens then.
  const opening = ordered.map(({ post }) => new Date(post.date).toISOString()).reverse();
  /**
   * When a list of posts changed (ISO): each post's coming out and its update. The sitemap takes
   * the latest passed at its time (contracts/routes.ts), so none of a post still ahead.
   */
  const changesOfList = (
    list: ReadonlyArray<{ post: Pick<Post, 'date'> & { updated?: string } }>,
  ) => list.flatMap(({ post }) => changesOf(post).map((moment) => new Date(moment).toISOString()));
  // Every page of the index changes when any post comes out (each later page's posts move on by
  // one) or is updated: one list for them all.
  const indexChanges = changesOfList(ordered);
  const count = indexPageCount(ordered.length, writing.perPage);
  return [
    ...Array.from({ length: count }, (_, index) => ({
      page: (index === 0 ? 'writing' : `writing/page/${index + 1}`) as WritingPageId,
      path: indexPath(writing.path, index + 1),
      changed: indexChanges,
      // The index is always there; a later page opens with the first post that spills onto it.
      ...(index === 0 ? {} : { from: opening[index * writing.perPage] }),
    })),
    ...[...tagsOf(posts).keys()].map((tag) => {
      const tagged = ordered.filter(({ post }) => post.tags.some((each) => tagSlug(each) === tag));
      return {
        page: `writing/tags/${tag}` as WritingPageId,
        path: `${writing.path}/tags/${tag}`,
        changed: changesOfList(tagged),
        // A tag's page opens with its first post.
        from: new Date(tagged.at(-1)?.post.date ?? 0).toISOString(),
      };
    }),
    ...ordered.map(({ slug, post }) => ({
      page: postPageId(slug),
      path: `${writing.path}/${slug}`,
      changed: changesOfList([{ post }]),
      from: new Date(post.date).toISOString(),
    })),
  ];
}

/**
 * What only the content as a whole shows about the redirects: one from a path a page of the
 * writing answers (the index and its later pages, a tag's page, a post, dated ahead or not),
 * which it would hide. A path the writing no longer has, a renamed post's, is free to redirect.
 * It lives with the writing, not the redirects' schema, which the writing's own schemas stand on.
 * The build and the editor's Save both check it (contracts/content/load.ts redirectsProblems).
 */
export function redirectClashes(
  list: readonly Pick<Redirect, 'site' | 'from'>[],
  writing: WritingContent,
): Array<{ index: number; message: string }> {
  const key = (site: string, path: string) => `${site} ${path}`;
  // The writing's pages all live on the main site.
  const pages = new Map(writingPages(writing).map(({ path, page }) => [key('main', path), page]));
  return list.flatMap(({ site, from }, index) => {
    const page = pages.get(key(site, from));
    return page
      ? [
          {
            index,
            message: `${from} is ${writingPageName(page)}: a redirect from it would hide the page`,
          },
        ]
      : [];
  });
}

/** A page of the writing as the owner knows it: by its post's file, its tag or its number. */
function writingPageName(page: WritingPageId): string {
  const post = postSlugOfPage(page);
  if (post !== null) return `the post content/posts/${post}.md`;
  const [, kind, name] = page.split('/');
  if (kind === 'tags') return `the writing's page of the tag "${name}"`;
  if (kind === 'page') return `page ${name} of the writing's index`;
  return "the writing's index";
}
