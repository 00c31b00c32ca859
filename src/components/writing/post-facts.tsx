import { wordCount } from '../../../contracts/content/markdown/tree';
import { parsePostText } from '../../../contracts/content/post-text';
import type { SiteContent } from '../../content/page-props';
import { fillTemplate } from '../../lib/template';

/**
 * What every list of posts shows of a post (docs/decisions/028-writing.md): its address, its date
 * and its reading time. The writing's pages and the home page's latest writing share them.
 */

type Writing = SiteContent['writing'];
type Post = SiteContent['posts'][string];

const dateFormat = new Intl.DateTimeFormat('en-GB', {
  dateStyle: 'long',
  timeZone: 'Europe/London',
});
/** Words a minute, read on a screen: the reading time's divisor. */
const wordsPerMinute = 230;

/**
 * Each post's reading time, worked out once per post: the index's pages, its tags' pages and
 * the posts' "read next" all show it, and reading the Markdown again for each took a quarter of
 * the pages' render with an archive of 500 posts (npm run bench:publish with BENCH_POSTS).
 */
const minutesOf = new WeakMap<Pick<Post, 'body'>, number>();

export function readingMinutes(post: Pick<Post, 'body'>): number {
  let minutes = minutesOf.get(post);
  if (minutes === undefined) {
    minutes = Math.max(1, Math.round(wordCount(parsePostText(post.body).blocks) / wordsPerMinute));
    minutesOf.set(post, minutes);
  }
  return minutes;
}

/** A post's address on the main site. */
export const postPath = (writing: Pick<Writing, 'path'>, slug: string) => `${writing.path}/${slug}`;

/** A post's date and its reading time, in words: on its page, in lists and on its card. */
export function postFacts(writing: Writing, post: Post) {
  return {
    date: dateFormat.format(new Date(post.date)),
    readingTime: fillTemplate(writing.words.readingTime, { minutes: readingMinutes(post) }),
  };
}

/** The date and reading time of a post, as a line. */
export function PostFacts({ writing, post }: { writing: Writing; post: Post }) {
  const { date, readingTime } = postFacts(writing, post);
  return (
    <p className="text-step--1 text-muted">
      <time dateTime={post.date}>{date}</time>
      {' · '}
      {readingTime}
    </p>
  );
}
