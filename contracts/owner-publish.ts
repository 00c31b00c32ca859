import { z } from 'zod';

/**
 * Publishing the content from the owner's room (/owner/api/versions, /publish, /preview; see
 * docs/decisions/019-publish.md): what the room's page gets back, read with these schemas on
 * both sides.
 */

export const contentVersionSchema = z.strictObject({
  id: z.string(),
  number: z.number().int(),
  createdAt: z.string(),
  owner: z.string().nullable(),
  action: z.enum(['publish', 'rollback']),
  /** For a rollback: the version published again. */
  sourceNumber: z.number().int().nullable(),
  /** The content files added, changed or removed since the version before. */
  changed: z.array(z.string()),
});

/** GET /owner/api/versions: the versions, newest first, and which one this server serves. */
export const versionsSchema = z.strictObject({
  /** 0 while the site serves the content it was built with. */
  served: z.number().int(),
  versions: z.array(contentVersionSchema),
});

/** POST /owner/api/publish and /owner/api/versions/:id/rollback, when it worked. */
export const publishedSchema = z.strictObject({ version: contentVersionSchema });

/** POST /owner/api/preview, when it worked: the pages to look at. */
export const previewSchema = z.strictObject({
  pages: z.array(z.strictObject({ page: z.string(), href: z.string() })),
});

export type ContentVersion = z.infer<typeof contentVersionSchema>;
export type Versions = z.infer<typeof versionsSchema>;
