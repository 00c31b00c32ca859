import { z } from 'zod';
import { slugPattern } from '../content/fields';
import { ownerPaths } from '../owner';
import { count } from './fields';

/**
 * The room's experiments (docs/decisions/027-experiments.md): each one's standing
 * (roomApi.experiments), the plan of the next (roomApi.experimentsPlan) and "Make this the page"
 * (roomApi.experimentsWinner).
 */

/**
 * Where a variant stands against the control (server/features/experiments/statistics.ts verdictOf):
 * - keep collecting: its fixed sample is not reached, so no result yet, whatever the numbers say;
 * - better: it beats the control beyond the threshold, so the owner may make it the page;
 * - worse: the control beats it beyond the threshold;
 * - no clear difference: the sample is reached and neither is clearly better.
 */
export const verdicts = ['keep collecting', 'better', 'worse', 'no clear difference'] as const;
export type Verdict = (typeof verdicts)[number];

/** GET experiments: each experiment of the content served, with its standing (decision 027). */
export const experimentsAnswerSchema = z.array(
  z.object({
    name: z.string(),
    note: z.string().nullable(),
    page: z.string(),
    goal: z.string(),
    sampleSize: z.number(),
    live: z.boolean(),
    /** The split has drifted from its plan: no result can be trusted until that is explained. */
    sampleRatioMismatch: z.boolean(),
    sampleRatioP: z.number(),
    variants: z.array(
      z.object({
        name: z.string(),
        /** Its planned share of the visitors, in percent. */
        share: z.number(),
        visitors: z.number(),
        /** What the verdict counts: for sign-ups, those that passed the form's checks. */
        conversions: z.number(),
        /** Of those sign-ups, the ones Kit has confirmed; null for another goal. */
        confirmed: z.number().nullable(),
        rate: z.number(),
        /** The rate's 95% interval. */
        low: z.number(),
        high: z.number(),
        /** Against the control; null for the control itself. */
        probabilityToBeat: z.number().nullable(),
        expectedLoss: z.number().nullable(),
        verdict: z.enum(verdicts).nullable(),
      }),
    ),
  }),
);
export type ExperimentStanding = z.infer<typeof experimentsAnswerSchema>[number];

const slug = z.string().regex(slugPattern, 'must be a name from the content.');

/** POST experiments/winner: the experiment to end and the variant ("control" too) made the page. */
export const winnerRequestSchema = z.strictObject({ experiment: slug, variant: slug });
export type WinnerRequest = z.infer<typeof winnerRequestSchema>;

/** The room's page of one variant as visitors are sent it (the owner's session is its key). */
export function variantPreviewPath(experiment: string, variant: string): string {
  return `${ownerPaths.room}/experiments/${experiment}/${variant}`;
}

/** The smallest lift worth detecting that the room proposes a sample for until the owner says. */
export const defaultLiftPercent = 10;

/** GET experiments/plan?lift= : the smallest relative lift worth detecting, in percent. */
export const planQuerySchema = z.strictObject({
  lift: z.coerce
    .number({ error: 'must be a whole number of percent, such as 10.' })
    .int('must be a whole number of percent, such as 10.')
    .min(1, 'must be at least 1%.')
    .max(300, 'must be at most 300%.')
    .default(defaultLiftPercent),
});

/**
 * The sample each variant of a next experiment would need, page by page and goal by goal, from
 * the page's last four complete weeks (server/features/experiments/plan.ts). No rate (nothing counted)
 * or a rate the lift would take past 100% proposes no size.
 */
export const planAnswerSchema = z.strictObject({
  from: z.string(),
  to: z.string(),
  lift: z.number(),
  pages: z.array(
    z.strictObject({
      page: z.string(),
      goal: z.string(),
      visitors: count,
      conversions: count,
      rate: z.number().nullable(),
      /** Visitors each variant needs (the control too); null when none can be proposed. */
      sampleSize: count.nullable(),
      /** About how many days a control and one variant take to reach it, at the period's pace. */
      days: count.nullable(),
    }),
  ),
});
export type Plan = z.infer<typeof planAnswerSchema>;
