import { z } from 'zod';
import { count } from './fields';

/** The room's posts (roomApi.posts): each post's figures, and its newsletter in Kit. */

/**
 * What became of a post's newsletter in Kit (docs/decisions/028-writing.md): waiting for its
 * time, made (a draft, or scheduled), not made for want of Kit, or called off before it was made.
 */
export const newsletterStates = ['waiting', 'made', 'no-kit', 'called-off'] as const;

/** GET posts: the posts on the site (and those dated ahead), newest first, with their funnel. */
export const postsAnswerSchema = z.strictObject({
  from: z.string(),
  to: z.string(),
  /** Kit is set up: a post published as a newsletter becomes a broadcast. */
  kit: z.boolean(),
  posts: z.array(
    z.strictObject({
      slug: z.string(),
      title: z.string(),
      date: z.string(),
      path: z.string(),
      views: count,
      visitors: count,
      signUps: count,
      confirmed: count,
      newsletter: z
        .strictObject({
          state: z.enum(newsletterStates),
          broadcast: z.enum(['draft', 'scheduled']),
          sendAt: z.string().nullable(),
          madeAt: z.string().nullable(),
          /** The job's last error while it is retried or after it failed; no personal data. */
          problem: z.string().nullable(),
        })
        .nullable(),
    }),
  ),
});
export type PostsAnswer = z.infer<typeof postsAnswerSchema>;
