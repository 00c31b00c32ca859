import { z } from 'zod';
import { slugPattern } from './content/fields';

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

/** Why a render of content that fits did not finish: it took too long, ran out of memory, or failed. */
export const renderFailureSchema = z.enum(['timeout', 'memory', 'crash']);

/**
 * The newest version, when this server could not render it: it goes on serving the one before,
 * tries again after a pause, and gives up after a few tries until a newer version or a restart.
 */
export const failedVersionSchema = z.strictObject({
  number: z.number().int(),
  attempts: z.number().int(),
  reason: renderFailureSchema,
  /** False once it has given up. */
  retrying: z.boolean(),
});

/** How much of a publish's caps the working copy takes (pictures no content names left out). */
export const contentUsageSchema = z.strictObject({
  files: z.number().int(),
  bytes: z.number().int(),
  maxFiles: z.number().int(),
  maxBytes: z.number().int(),
});

/**
 * The newsletters the next Publish would start (docs/decisions/028-writing.md): each post of the
 * working copy marked "newsletter" whose broadcast is not made yet, and how many subscribers the
 * server knows of. Empty without Kit.
 */
export const nextNewslettersSchema = z.strictObject({
  /** The sign-ups Kit has confirmed, each address once: the server's own count. */
  subscribers: z.number().int(),
  posts: z.array(
    z.strictObject({
      /** The post's id: what Publish's `sendLate` names it by. */
      id: z.string(),
      title: z.string(),
      date: z.string(),
      /** Kit sends it at the post's time, or keeps it as a draft the owner sends. */
      broadcast: z.enum(['draft', 'scheduled']),
      /** Its date has passed: Publish starts it only if the owner confirms it (`sendLate`). */
      late: z.boolean(),
    }),
  ),
});

/** How many of the unpublished changes' names the room is told; the rest are only counted. */
export const unpublishedNamesShown = 50;

/**
 * The working copy's files added, changed or removed since the content the site is to show (the
 * newest version's, or the build's before the first publish): what the next Publish would list
 * as its version's changes.
 */
export const unpublishedSchema = z.strictObject({
  count: z.number().int(),
  /** The first of them by name, so the answer stays small however much was saved. */
  files: z.array(z.string()).max(unpublishedNamesShown),
});

/** GET /owner/api/versions: the versions, newest first, and which one this server serves. */
export const versionsSchema = z.strictObject({
  /** 0 while the site serves the content it was built with. */
  served: z.number().int(),
  failed: failedVersionSchema.nullable(),
  usage: contentUsageSchema,
  unpublished: unpublishedSchema,
  versions: z.array(contentVersionSchema),
  newsletters: nextNewslettersSchema,
});

/** POST /owner/api/publish: which late newsletters the owner confirmed. */
export const publishRequestSchema = z.strictObject({
  /** The ids of posts dated in the past whose newsletter Publish should start all the same. */
  sendLate: z.array(z.string().regex(slugPattern, 'expected a post id')).max(1000).default([]),
});

/** POST /owner/api/publish and /owner/api/versions/:id/rollback, when it worked. */
export const publishedSchema = z.strictObject({
  version: contentVersionSchema,
  /** Posts whose date had passed, published without their newsletter: nobody confirmed it. */
  notSent: z.array(z.strictObject({ id: z.string(), title: z.string() })),
});

/** POST /owner/api/preview, when it worked: the pages to look at. */
export const previewSchema = z.strictObject({
  pages: z.array(z.strictObject({ page: z.string(), href: z.string() })),
});

export type ContentVersion = z.infer<typeof contentVersionSchema>;
export type Versions = z.infer<typeof versionsSchema>;
export type RenderFailure = z.infer<typeof renderFailureSchema>;
export type FailedVersion = z.infer<typeof failedVersionSchema>;
export type ContentUsage = z.infer<typeof contentUsageSchema>;
export type NextNewsletters = z.infer<typeof nextNewslettersSchema>;
export type Unpublished = z.infer<typeof unpublishedSchema>;
