import { publishedPosts } from '../contracts/writing';
import { type StaticFile, staticFile } from './static-files';

/**
 * The writing's feeds (docs/decisions/028-writing.md), RSS 2.0 and Atom, at the section's path on
 * the main site: every post newest first, with its summary, its tags and a link to its page.
 * Made from the content the server serves, so a publish changes them with the pages.
 */

export interface FeedSource {
  name: string;
  path: string;
  description: string;
  /** The posts' author: the founder. */
  author: string;
  posts: Readonly<
    Record<
      string,
      {
        title: string;
        description: string;
        date: string;
        updated?: string;
        tags: readonly string[];
      }
    >
  >;
}

/** The feeds' files, by their paths under the section. */
export const feedFiles = ['rss.xml', 'atom.xml'] as const;
export type FeedFile = (typeof feedFiles)[number];

const escapeXml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
const iso = (date: string) => new Date(date).toISOString();

function rss(source: FeedSource, origin: string, now: number): string {
  const index = new URL(source.path, origin).href;
  const posts = publishedPosts(source.posts, now);
  const newest = posts[0]?.post;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
    '<channel>',
    `<title>${escapeXml(source.name)}</title>`,
    `<link>${escapeXml(index)}</link>`,
    `<description>${escapeXml(source.description)}</description>`,
    '<language>en-gb</language>',
    `<atom:link href="${escapeXml(`${index}/rss.xml`)}" rel="self" type="application/rss+xml"/>`,
    ...(newest
      ? [`<lastBuildDate>${new Date(newest.updated ?? newest.date).toUTCString()}</lastBuildDate>`]
      : []),
    ...posts.map(({ slug, post }) => {
      const link = `${index}/${slug}`;
      return [
        '<item>',
        `<title>${escapeXml(post.title)}</title>`,
        `<link>${escapeXml(link)}</link>`,
        `<guid isPermaLink="true">${escapeXml(link)}</guid>`,
        `<pubDate>${new Date(post.date).toUTCString()}</pubDate>`,
        `<description>${escapeXml(post.description)}</description>`,
        ...post.tags.map((tag) => `<category>${escapeXml(tag)}</category>`),
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
  const updated = posts.reduce(
    (latest, { post }) => Math.max(latest, Date.parse(post.updated ?? post.date)),
    0,
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="en-GB">',
    `<id>${escapeXml(index)}</id>`,
    `<title>${escapeXml(source.name)}</title>`,
    `<subtitle>${escapeXml(source.description)}</subtitle>`,
    `<link rel="alternate" type="text/html" href="${escapeXml(index)}"/>`,
    `<link rel="self" type="application/atom+xml" href="${escapeXml(`${index}/atom.xml`)}"/>`,
    `<updated>${new Date(updated).toISOString()}</updated>`,
    `<author><name>${escapeXml(source.author)}</name></author>`,
    ...posts.map(({ slug, post }) => {
      const link = `${index}/${slug}`;
      return [
        '<entry>',
        `<id>${escapeXml(link)}</id>`,
        `<title>${escapeXml(post.title)}</title>`,
        `<link rel="alternate" type="text/html" href="${escapeXml(link)}"/>`,
        `<published>${iso(post.date)}</published>`,
        `<updated>${iso(post.updated ?? post.date)}</updated>`,
        `<summary>${escapeXml(post.description)}</summary>`,
        ...post.tags.map((tag) => `<category term="${escapeXml(tag)}"/>`),
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
