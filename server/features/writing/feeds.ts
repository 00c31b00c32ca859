import { type WritingFeedFile, writingFeedTypes } from '../../../contracts/content/posts';
import { escapeMarkup, writableText } from '../../../contracts/escape-markup';
import type { FeedSource } from '../../../contracts/render-slices/writing';
import { changesOf, latestBy, publishedPosts } from '../../../contracts/writing';
import { type StaticFile, staticFile } from '../../http/static-files';
import { postHtml } from './post-html';

/**
 * The writing's feeds (docs/decisions/028-writing.md), RSS 2.0, Atom and JSON Feed 1.1, at the
 * section's path on the main site: every post newest first, with its summary, its full text (as
 * its newsletter's email has it: every link and picture on the site's address), its tags and a
 * link to its page. Made from the content the server serves, so a publish changes them with the
 * pages.
 */

/** The feeds' files, by their paths under the section. */
export const feedFiles = Object.keys(writingFeedTypes) as WritingFeedFile[];
export type FeedFile = WritingFeedFile;

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

/** A post as every feed gives it: its page's address, when it last changed by now, its HTML. */
interface FeedItem {
  post: FeedSource['posts'][string];
  link: string;
  /** Its date, or its update when that has passed. */
  updated: string;
  html: string;
}

/** The feeds' common part: the section's address, and the posts out by `now`, newest first. */
interface Feed {
  source: FeedSource;
  index: string;
  items: FeedItem[];
  /** When the feed last changed by `now`; none before the first post. */
  changed: string | undefined;
}

function feedOf(source: FeedSource, origin: string, now: number): Feed {
  const index = new URL(source.path, origin).href;
  const posts = publishedPosts(source.posts, now);
  return {
    source,
    index,
    changed: lastChange(posts, now),
    items: posts.map(({ slug, post }) => {
      const link = `${index}/${slug}`;
      return {
        post,
        link,
        updated: latestBy(changesOf(post), now) ?? post.date,
        html: postHtml({ ...post, pictures: source.pictures[slug] ?? {} }, link).join('\n'),
      };
    }),
  };
}

function rss({ source, index, items, changed }: Feed): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:content="http://purl.org/rss/1.0/modules/content/">',
    '<channel>',
    `<title>${escapeMarkup(source.name)}</title>`,
    `<link>${escapeMarkup(index)}</link>`,
    `<description>${escapeMarkup(source.description)}</description>`,
    '<language>en-gb</language>',
    `<atom:link href="${escapeMarkup(`${index}/rss.xml`)}" rel="self" type="application/rss+xml"/>`,
    ...(changed ? [`<lastBuildDate>${new Date(changed).toUTCString()}</lastBuildDate>`] : []),
    ...items.map(({ post, link, html }) =>
      [
        '<item>',
        `<title>${escapeMarkup(post.title)}</title>`,
        `<link>${escapeMarkup(link)}</link>`,
        `<guid isPermaLink="true">${escapeMarkup(link)}</guid>`,
        `<pubDate>${new Date(post.date).toUTCString()}</pubDate>`,
        `<description>${escapeMarkup(post.description)}</description>`,
        // Escaped, not a CDATA section: the text may hold "]]>".
        `<content:encoded>${escapeMarkup(html)}</content:encoded>`,
        ...post.tags.map((tag) => `<category>${escapeMarkup(tag)}</category>`),
        '</item>',
      ].join(''),
    ),
    '</channel>',
    '</rss>',
    '',
  ].join('\n');
}

function atom({ source, index, items, changed }: Feed): string {
  // Atom requires it: before the first post, the epoch.
  const updated = changed ?? new Date(0).toISOString();
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
    ...items.map(({ post, link, updated, html }) =>
      [
        '<entry>',
        `<id>${escapeMarkup(link)}</id>`,
        `<title>${escapeMarkup(post.title)}</title>`,
        `<link rel="alternate" type="text/html" href="${escapeMarkup(link)}"/>`,
        `<published>${iso(post.date)}</published>`,
        `<updated>${iso(updated)}</updated>`,
        `<summary>${escapeMarkup(post.description)}</summary>`,
        `<content type="html">${escapeMarkup(html)}</content>`,
        ...post.tags.map((tag) => `<category term="${escapeMarkup(tag)}"/>`),
        '</entry>',
      ].join(''),
    ),
    '</feed>',
    '',
  ].join('\n');
}

/**
 * JSON Feed 1.1 (https://jsonfeed.org/version/1.1). Its words are the XML feeds': JSON could
 * carry a control character escaped, but a reader would show it in HTML, where it cannot be.
 */
function jsonFeed({ source, index, items }: Feed): string {
  return `${JSON.stringify(
    {
      version: 'https://jsonfeed.org/version/1.1',
      title: source.name,
      home_page_url: index,
      feed_url: `${index}/feed.json`,
      description: source.description,
      language: 'en-GB',
      authors: [{ name: source.author }],
      items: items.map(({ post, link, updated, html }) => ({
        id: link,
        url: link,
        title: post.title,
        content_html: html,
        summary: post.description,
        ...(post.cover ? { image: new URL(post.cover.src, link).href } : {}),
        date_published: iso(post.date),
        date_modified: iso(updated),
        tags: post.tags,
      })),
    },
    (_, value) => (typeof value === 'string' ? writableText(value) : value),
    1,
  )}\n`;
}

/** The writing's feeds at `now` (a post dated ahead is in none), on the main site. */
export function writingFeeds(
  source: FeedSource,
  origin: string,
  now = Date.now(),
): Record<FeedFile, StaticFile> {
  const feed = feedOf(source, origin, now);
  const file = (name: FeedFile, text: string, charset: string) => ({
    ...staticFile(name, Buffer.from(text)),
    contentType: `${writingFeedTypes[name]}${charset}`,
  });
  return {
    'rss.xml': file('rss.xml', rss(feed), '; charset=utf-8'),
    'atom.xml': file('atom.xml', atom(feed), '; charset=utf-8'),
    // JSON is UTF-8 by its own definition; its type takes no charset.
    'feed.json': file('feed.json', jsonFeed(feed), ''),
  };
}
