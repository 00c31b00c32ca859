import { escapeMarkup } from '../../../contracts/escape-markup';
import { changesOf, type FeedSource, latestBy, publishedPosts } from '../../../contracts/writing';
import { type StaticFile, staticFile } from '../../http/static-files';

/**
 * The writing's feeds (docs/decisions/028-writing.md), RSS 2.0 and Atom, at the section's path on
 * the main site: every post newest first, with its summary, its tags and a link to its page.
 * Made from the content the server serves, so a publish changes them with the pages.
 */

/** The feeds' files, by their paths under the section. */
export const feedFiles = ['rss.xml', 'atom.xml'] as const;
export type FeedFile = (typeof feedFiles)[number];

const iso = (date: string) => new Date(date).toISOString();

/**
 * When the feed last changed by `now`: the latest post out or update passed, never one still
 * ahead (docs/decisions/028-writing.md); none before the first post.
 */
const lastChange = (posts: ReadonlyArray<{ post: FeedSource['posts'][string] }>, now: number) =>
  latestBy(
    posts.flatMap(({ post }) => changesOf(post)),
    now,
  );

function rss(source: FeedSource, origin: string, now: number): string {
  const index = new URL(source.path, origin).href;
  const posts = publishedPosts(source.posts, now);
  const changed = lastChange(posts, now);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
    '<channel>',
    `<title>${escapeMarkup(source.name)}</title>`,
    `<link>${escapeMarkup(index)}</link>`,
    `<description>${escapeMarkup(source.description)}</description>`,
    '<language>en-gb</language>',
    `<atom:link href="${escapeMarkup(`${index}/rss.xml`)}" rel="self" type="application/rss+xml"/>`,
    ...(changed ? [`<lastBuildDate>${new Date(changed).toUTCString()}</lastBuildDate>`] : []),
    ...posts.map(({ slug, post }) => {
      const link = `${index}/${slug}`;
      return [
        '<item>',
        `<title>${escapeMarkup(post.title)}</title>`,
        `<link>${escapeMarkup(link)}</link>`,
        `<guid isPermaLink="true">${escapeMarkup(link)}</guid>`,
        `<pubDate>${new Date(post.date).toUTCString()}</pubDate>`,
        `<description>${escapeMarkup(post.description)}</description>`,
        ...post.tags.map((tag) => `<category>${escapeMarkup(tag)}</category>`),
        '</item>',
      ].join('');
    }),
    '</channel>',
    '</rss>',
    '',
  ].join('\n');
}

function atom(source: FeedSource, origin: string, now: number): string {
  const index = new URL(source.path, origin).href;
  const posts = publishedPosts(source.posts, now);
  // Atom requires it: before the first post, the epoch.
  const updated = lastChange(posts, now) ?? new Date(0).toISOString();
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="en-GB">',
    `<id>${escapeMarkup(index)}</id>`,
    `<title>${escapeMarkup(source.name)}</title>`,
    `<subtitle>${escapeMarkup(source.description)}</subtitle>`,
    `<link rel="alternate" type="text/html" href="${escapeMarkup(index)}"/>`,
    `<link rel="self" type="application/atom+xml" href="${escapeMarkup(`${index}/atom.xml`)}"/>`,
    `<updated>${iso(updated)}</updated>`,
    `<author><name>${escapeMarkup(source.author)}</name></author>`,
    ...posts.map(({ slug, post }) => {
      const link = `${index}/${slug}`;
      return [
        '<entry>',
        `<id>${escapeMarkup(link)}</id>`,
        `<title>${escapeMarkup(post.title)}</title>`,
        `<link rel="alternate" type="text/html" href="${escapeMarkup(link)}"/>`,
        `<published>${iso(post.date)}</published>`,
        `<updated>${iso(latestBy(changesOf(post), now) ?? post.date)}</updated>`,
        `<summary>${escapeMarkup(post.description)}</summary>`,
        ...post.tags.map((tag) => `<category term="${escapeMarkup(tag)}"/>`),
        '</entry>',
      ].join('');
    }),
    '</feed>',
    '',
  ].join('\n');
}

/** Both feeds of the writing at `now` (a post dated ahead is in neither), on the main site. */
export function writingFeeds(
  source: FeedSource,
  origin: string,
  now = Date.now(),
): Record<FeedFile, StaticFile> {
  return {
    'rss.xml': {
      ...staticFile('rss.xml', Buffer.from(rss(source, origin, now))),
      contentType: 'application/rss+xml; charset=utf-8',
    },
    'atom.xml': {
      ...staticFile('atom.xml', Buffer.from(atom(source, origin, now))),
      contentType: 'application/atom+xml; charset=utf-8',
    },
  };
}
