import { z } from 'zod';

/**
 * Keystatic's save request (its UI's `update` call): the files a save adds or changes, and those
 * it deletes. Reviewed whole (review.ts) before anything reaches the disk.
 */
export const updateSchema = z.object({
  additions: z.array(z.object({ path: z.string(), contents: z.string() })).max(200),
  deletions: z.array(z.object({ path: z.string() })).max(200),
});
export type Update = z.infer<typeof updateSchema>;
