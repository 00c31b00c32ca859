import { z } from 'zod';
import { experiments, testableGoals } from '../content/experiments';
import { renderedBlocks } from '../content/pages';

/** What the experiments read of a render (docs/decisions/027-experiments.md). */
export const experimentsSlice = z
  .object({
    content: z.object({
      // None in renders made before the experiments, or before the owner's pages.
      experiments: experiments.default({ experiments: [] }),
      pages: z.record(z.string(), z.object({ blocks: renderedBlocks() })).default({}),
      // Whether the cohort takes applications, which an experiment may then count.
      cohort: z.object({ admission: z.string().optional() }).optional(),
    }),
  })
  .transform(({ content }) => ({
    /**
     * The experiments (content/experiments.yaml): a page under one is sent as the variant its
     * visitor is given, from the site's `pages`.
     */
    list: content.experiments.experiments,
    /** The pages an experiment may test, with the goals each can be measured by. */
    testable: testableGoals(content.pages, content.cohort?.admission),
  }));
