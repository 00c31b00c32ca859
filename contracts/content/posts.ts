import { z } from 'zod';
import { isReservedPath, systemPageAt } from '../route-table';
import { slugOfWords } from '../words-slug';
import {
  dateTime,
  image,
  line,
  pageMeta,
  paragraph,
  refuseControlCharacters,
  slugPattern,
} from './fields';
import { blockKinds } from './pages';
import { parsePostText } from './post-text';

/**
 * The writing (docs/decisions/028-writing.md): content/posts/<slug>.md, one post each, and
 * content/writing.yaml, the section they are listed in.
 */

/** A tag as the owner writes it ("Selling a business"); its address is made from its words. */
const tag = line.max(40, 'expected a tag of at most 40 characters');

/**
 * The writing's feeds (docs/decisions/028-writing.md), by their file under the section's path,
 * with their media types: what the server serves and every page's head names.
 */
export const writingFeedTypes = {
  'rss.xml': 'application/rss+xml',
  'atom.xml': 'application/atom+xml',
  'feed.json': 'application/feed+json',
} as const;
export type WritingFeedFile = keyof typeof writingFeedTypes;

/** The sub-paths of the writing's section that are not posts: no post may take their names. */
export const writingSegments = [
  'page',
  'tags',
  ...(Object.keys(writingFeedTypes) as WritingFeedFile[]),
] as const;

/**
 * content/posts/<slug>.md: a post as YAML front matter and its text in Markdown
 * (contracts/content/post-text.ts says what the text may hold). Problems in the text are
 * reported with their line in the file.
 */
export const post = z
  .strictObject({
    /**
     * The post's own name, which no rename changes: its newsletter is keyed by it, so Kit gets one
     * broadcast of the post whatever its file is called (docs/decisions/028-writing.md). The
     * editor writes a new one when a post is made (and keeps it through a rename), the import
     * writes one; a post from before ids is known by its file name (`postIdOf`).
     */
    id: z
      .string({ error: "expected the post's id" })
      .regex(slugPattern, 'expected an id of lower-case letters, digits and hyphens')
      .optional(),
    title: line,
    /** One or two sentences: the post's summary in the list, in search results and in feeds. */
    description: paragraph,
    /** When it is published, and its newsletter sent. */
    date: dateTime,
    /** The last change worth telling readers about; the feeds and the sitemap say it. */
    updated: dateTime.optional(),
    tags: z.array(tag).max(6, 'expected at most 6 tags').default([]),
    /** A picture at the top of the post and in its share card; its alt text is required. */
    cover: image.optional(),
    /** Sent as the newsletter through Kit when it is published. */
    newsletter: z.boolean().default(false),
    /**
     * Where an imported post came from (`npm run leads -- posts import`): its feed item's guid or
     * id, or `kit-broadcast:<id>`. The import skips it next time.
     */
    importedFrom: z.string().max(500).optional(),
    body: z
      .string({ error: 'expected the text of the post' })
      .superRefine(refuseControlCharacters(true)),
  })
  .superRefine((value, context) => {
    for (const { line: at, message } of parsePostText(value.body).problems) {
      context.addIssue({ code: 'custom', path: ['body'], message, params: { line: at } });
    }
    const ids = value.tags.map(slugOfWords);
    ids.forEach((id, index) => {
      if (ids.indexOf(id) !== index) {
        context.addIssue({
          code: 'custom',
          path: ['tags', index],
          message: `expected each tag once: "${value.tags[index]}" is already a tag`,
          params: { namesValue: true },
        });
      }
    });
    if (value.updated && Date.parse(value.updated) < Date.parse(value.date)) {
      context.addIssue({
        code: 'custom',
        path: ['updated'],
        message: 'expected the update on or after the date',
        params: { namesValue: true },
      });
    }
  });
export type Post = z.output<typeof post>;

/**
 * The id a post's newsletter is keyed by: its own, or, for a post written before posts had ids,
 * its file name, the key its newsletter already has (the editor writes that name into the post
 * at its first save, so a later rename keeps it: server/features/room/editor/post-ids.ts).
 */
export const postIdOf = (slug: string, post: object): string =>
  'id' in post && typeof post.id === 'string' ? post.id : slug;

/**
 * Two posts with one id: the second's newsletter would count as the first's, and never go out.
 * Ids are compared as `postIdOf` makes them, so a post's id that is another post's file name
 * clashes too when that post has none.
 */
export function postIdClashes(
  posts: Readonly<Record<string, object>>,
): Array<{ slug: string; message: string }> {
  const taken = new Map<string, string>();
  const clashes: Array<{ slug: string; message: string }> = [];
  for (const [slug, value] of Object.entries(posts)) {
    const id = postIdOf(slug, value);
    const first = taken.get(id);
    if (first === undefined) taken.set(id, slug);
    else {
      clashes.push({
        slug,
        message: `its id "${id}" is already the id of posts/${first}.md: give the copy an id of its own (lower-case letters, digits and hyphens), so that each post's newsletter goes out once`,
      });
    }
  }
  return clashes;
}

/**
 * What the route table reads of a post, besides its name: its tags' pages and its place among
 * the index's. The editor's Save reads it of every post without reading their texts.
 */
export const postRoute = z.object({ date: post.shape.date, tags: post.shape.tags });

/**
 * content/writing.yaml: the section the posts are listed in, on the main site. Every word its
 * pages show is here, the section's own name included ("Cheatcodes").
 */
export const writing = z
  .strictObject({
    /** What the section is called: the index's heading and the feeds' title. */
    name: line,
    /** Where the index is on the main site ("/cheatcodes"); each post is under it. */
    path: z
      .string()
      .regex(
        /^\/[a-z0-9][a-z0-9-]*$/,
        'expected one path segment of lower-case letters, digits and hyphens ("/cheatcodes")',
      ),
    meta: pageMeta,
    /** The index's words under its heading. */
    intro: paragraph,
    /** How many posts a page of the index lists. */
    perPage: z.int().min(3).max(50),
    words: z.strictObject({
      /** "{minutes} min read". */
      readingTime: line.regex(/\{minutes\}/, 'expected {minutes} where the number goes'),
      /** Above the tags of a post. */
      tags: line,
      /** A tag's page: "Writing on {tag}". */
      tagHeading: line.regex(/\{tag\}/, 'expected {tag} where the tag goes'),
      /** "Page {page} of {pages}", beside the index's newer and older links. */
      page: line.regex(/\{page\}/, 'expected {page} where the number goes'),
      newer: line,
      older: line,
      previous: line,
      next: line,
      /**
       * Above the posts under a post's first tag, at its foot: "More on {tag}" ({tag} may be left
       * out).
       */
      related: line,
      /** The link to the feed, for readers with a feed reader. */
      feed: line,
      /** The home page's newsletter sign-up's link to the index, for a visitor who reads first. */
      archive: line,
    }),
    /** The sign-up under each post: its source is the post. */
    signUp: blockKinds.signUp,
    /**
     * What a post marked "newsletter" becomes in Kit when it is published
     * (docs/decisions/028-writing.md): a draft the owner sends from Kit, or a broadcast Kit sends
     * at the post's time.
     */
    newsletter: z.strictObject({
      broadcast: z.enum(['draft', 'scheduled'], {
        error:
          "expected draft (the owner sends it from Kit) or scheduled (Kit sends it at the post's time)",
      }),
      /** The link at the top of the email, to the post on the site. */
      readOnline: line,
    }),
  })
  .superRefine(({ path }, context) => {
    const refuse = (message: string) =>
      context.addIssue({ code: 'custom', path: ['path'], message, params: { namesValue: true } });
    if (isReservedPath(path)) {
      refuse(`"${path}" is one of the server's own paths; choose another`);
    } else if (systemPageAt('main', path)) {
      refuse(
        `"${path}" is already a page of the main site (contracts/routes.ts); choose another path`,
      );
    }
  });
export type Writing = z.output<typeof writing>;

/**
 * What only the content as a whole shows about the writing: one of the owner's pages on the main
 * site at or under the section's path, and a post named as one of the section's own sub-paths.
 */
export function writingClashes(
  section: Pick<Writing, 'path'>,
  pages: Readonly<Record<string, { site: string; path: string }>>,
  posts: Readonly<Record<string, unknown>>,
): Array<{ file: 'writing' | `posts/${string}`; message: string }> {
  const clashes: Array<{ file: 'writing' | `posts/${string}`; message: string }> = [];
  for (const [slug, page] of Object.entries(pages)) {
    if (
      page.site === 'main' &&
      (page.path === section.path || page.path.startsWith(`${section.path}/`))
    ) {
      clashes.push({
        file: 'writing',
        message: `"${section.path}" is where the page "${slug}" is (${page.path}); choose another path for the writing or the page`,
      });
    }
  }
  for (const slug of Object.keys(posts)) {
    if ((writingSegments as readonly string[]).includes(slug)) {
      clashes.push({
        file: `posts/${slug}`,
        message: `"${slug}" is a name the writing's own pages use; rename the file`,
      });
    }
  }
  return clashes;
}
