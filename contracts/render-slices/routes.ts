import { z } from 'zod';
import { admission } from '../content/cohort';
import { ownerPageRoute } from '../content/pages';
import { post, writing } from '../content/posts';
import { site } from '../content/site';
import { ownerRoutes } from '../routes';

const { path, perPage } = writing.shape;
const { date, updated, tags } = post.shape;

/**
 * What the pages read of a render beyond the seed's route table (server/features/pages/): the
 * old paths the site settings redirect, where the owner's pages, the writing's and the cohort's
 * application page answer, and the owner's pages' inline entry.
 */
export const routesSlice = z
  .object({
    content: z.object({
      // None in renders made before the redirects, the owner's pages or the writing.
      site: z.object({ redirects: site.shape.redirects }),
      pages: z.record(z.string(), ownerPageRoute).default({}),
      writing: z.object({ path, perPage }).optional(),
      posts: z.record(z.string(), z.object({ date, updated, tags })).default({}),
      // Whether the cohort's application page answers: none in renders made before the choice.
      cohort: z.object({ admission: admission.optional() }).optional(),
    }),
    // The build's files for the owner's pages (not content): none in renders made before them.
    composedFiles: z.object({ script: z.object({ inline: z.string() }) }).optional(),
  })
  .transform(({ content, composedFiles }) => ({
    /** Old paths and where they lead (the site settings'). */
    redirects: content.site.redirects,
    /**
     * Where the owner's pages, the writing's and the application page answer: a page deleted (or
     * the application page with `admission: call`) leaves the table.
     */
    ownerRoutes: ownerRoutes(content),
    /**
     * The owner's pages' inline entry (decision 025): the CSP allows it by its hash from the
     * start, so a page first published after the server started runs its script.
     */
    ...(composedFiles ? { composedScript: composedFiles.script.inline } : {}),
  }));
