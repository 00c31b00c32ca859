import { z } from 'zod';
import { pageMeta } from '../content/fields';
import { post, writing } from '../content/posts';
import { site } from '../content/site';

// The writing's slice of a render (contracts/render-slices/), apart from contracts/writing.ts,
// which the browser's bundles import: the content's schemas, and zod, stay out of them.

/**
 * A picture as the render resolved it (contracts/content/images.ts): its built file's address
 * and its words; the feeds carry it on the site's address.
 */
const servedPicture = z.object({ src: z.string(), alt: post.shape.cover.unwrap().shape.alt });

/**
 * A post as the server serves it, in the feeds and the room's posts: its own fields of the
 * content's post schema, read from the render's content (a render this build made passes it),
 * its text and cover for the feeds' full text.
 */
const { id, title, description, date, updated, tags, body } = post.shape;
const servedPost = z.object({
  id,
  title,
  description,
  date,
  updated,
  tags,
  body,
  cover: servedPicture.optional(),
});

/**
 * What the writing reads of a render (its feeds and the room's posts): the section's words, its
 * author (the founder) and its posts; none in renders made before the writing.
 */
export const writingSlice = z
  .object({
    content: z.object({
      site: z.object({ founder: z.object({ name: site.shape.founder.shape.name }) }),
      writing: z
        .object({
          name: writing.shape.name,
          path: writing.shape.path,
          meta: z.object({ description: pageMeta.shape.description }),
        })
        .optional(),
      posts: z.record(z.string(), servedPost).default({}),
      /** The pictures each post's text names, by post and then by name. */
      postPictures: z.record(z.string(), z.record(z.string(), servedPicture)).default({}),
    }),
  })
  .transform(({ content }) =>
    content.writing
      ? {
          name: content.writing.name,
          path: content.writing.path,
          description: content.writing.meta.description,
          author: content.site.founder.name,
          posts: content.posts,
          pictures: content.postPictures,
        }
      : undefined,
  );

/**
 * The writing as the server serves it: the section's words, its author, its posts and their
 * texts' pictures.
 */
export type FeedSource = NonNullable<z.output<typeof writingSlice>>;
