import { z } from 'zod';
import { slugPattern } from './content/fields';
import { addDays, daysIn } from './funnel-figures';
import { ownerPaths } from './owner';
import { subscriptionLists } from './subscription';

/**
 * The room's first page (decision 018): the funnel, the latest leads, the export,
 * the outbox and erasure, under /owner/api/. Each request and answer is read with these schemas
 * on both sides; the owner's commands (the features' commands/ folders) take the same inputs where they
 * share them, so the room and `npm run leads` refuse alike. Messages read after the field's
 * name ("Email needs an email address.").
 */

/** Where each call answers, under the room's API (ownerPaths.api, /owner/api). */
export const funnelApi = {
  funnel: '/funnel',
  leads: '/leads',
  export: '/leads.csv',
  outbox: '/outbox',
  retry: '/outbox/retry',
  erasure: '/erasure',
  experiments: '/experiments',
  /** POST: "Make this the page", an experiment ended with one variant as the page, published. */
  winner: '/experiments/winner',
  /** GET: the sample the next experiment on each page would need. */
  plan: '/experiments/plan',
  /** GET writing?from=&to= : each post's views and sign-ups, and its newsletter in Kit. */
  writing: '/writing',
} as const;

/** The period shown when the owner has not chosen one: the last four weeks, today included. */
export const defaultFunnelDays = 28;
/** The longest period asked at once, so that an answer by day stays a year's worth at most. */
export const maxFunnelDays = 366;

const daySchema = z
  .string({ error: 'must be a day such as 2026-01-31.' })
  .regex(/^\d{4}-\d\d-\d\d$/, 'must be a day such as 2026-01-31.')
  // 2026-02-30 matches the pattern but is no day: Date reads it as nothing, or as 2 March.
  .refine((day) => {
    const time = Date.parse(`${day}T00:00:00Z`);
    return !Number.isNaN(time) && new Date(time).toISOString().startsWith(day);
  }, 'must be a day of the calendar.');

/** GET funnel?from=&to= : UTC days, both counted; either may be left out. */
export const funnelQuerySchema = z.strictObject({
  from: daySchema.optional(),
  to: daySchema.optional(),
});
export type FunnelQuery = z.infer<typeof funnelQuerySchema>;

/**
 * The period a query asks for, `today` filling what it leaves out: it ends on `to` (today) and
 * starts on `from` (four weeks before the end). A message for `from` when it is not a period
 * the funnel answers.
 */
export function funnelPeriod(
  query: FunnelQuery,
  today: string,
): { from: string; to: string } | { problem: string } {
  const to = query.to ?? today;
  const from = query.from ?? addDays(to, 1 - defaultFunnelDays);
  if (from > to) return { problem: 'must be on or before the end of the period.' };
  if (daysIn(from, to) > maxFunnelDays) {
    return { problem: `must be at most ${maxFunnelDays} days before the end of the period.` };
  }
  return { from, to };
}

const count = z.number().int().nonnegative();

/** One line of the funnel: a source, a page (host and path) or a UTC day, or the total. */
export const funnelRowSchema = z.strictObject({
  key: z.string(),
  views: count,
  /** Different visitors each day, added up over the days (the anonymous hash changes daily). */
  visitors: count,
  signUps: count,
  /** Of those sign-ups, how many confirmed their address in Kit (decision 021). */
  confirmed: count,
  /** Contact submissions; null by source, which the contact form does not keep. */
  contacts: count.nullable(),
  /** Clicks on checkout links, counted by the server (decision 020). */
  checkouts: count,
  /** Paid workshop sales; one refunded in full no longer counts. */
  sales: count,
  /** Net of refunds, per currency (lower-case code) in its smallest unit: { gbp: 4900 }. */
  revenue: z.record(z.string().regex(/^[a-z]{3}$/), z.number().int()),
});
export type FunnelLine = z.infer<typeof funnelRowSchema>;

export const funnelAnswerSchema = z.strictObject({
  from: z.string(),
  to: z.string(),
  total: funnelRowSchema,
  /** Most visitors first. */
  bySource: z.array(funnelRowSchema),
  byPage: z.array(funnelRowSchema),
  /** Every day of the period, oldest first, days without visits included. */
  byDay: z.array(funnelRowSchema),
});
export type FunnelAnswer = z.infer<typeof funnelAnswerSchema>;

/** Control characters have no place in what the owner types into the room. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
const printable = (text: string) => !/[\u0000-\u001f\u007f-\u009f]/.test(text);

/** GET leads?search=&limit= : the latest leads, newest first. */
export const maxLeadSearchLength = 100;
export const leadSearchSchema = z.strictObject({
  /** Part of an email address, a name or a source, in any case. */
  search: z
    .string()
    .trim()
    .max(maxLeadSearchLength, `must be at most ${maxLeadSearchLength} characters.`)
    .refine(printable, 'must be plain text.')
    .optional(),
  limit: z.coerce
    .number({ error: 'must be a number from 1 to 200.' })
    .int('must be a number from 1 to 200.')
    .min(1, 'must be a number from 1 to 200.')
    .max(200, 'must be a number from 1 to 200.')
    .default(50),
});

export const leadKinds = ['sign-up', 'enquiry'] as const;

/**
 * Where a sign-up stands in Kit (decision 021): not yet confirmed (the double opt-in's email not
 * clicked), confirmed, or the latest of unsubscribed, bounced, complained (marked as spam).
 */
export const subscriberStatuses = [
  'unconfirmed',
  'confirmed',
  'unsubscribed',
  'bounced',
  'complained',
] as const;
export type SubscriberStatus = (typeof subscriberStatuses)[number];

export const latestLeadsSchema = z.strictObject({
  leads: z.array(
    z.strictObject({
      id: z.string(),
      createdAt: z.string(),
      /** A sign-up on one of the lists, or an enquiry through the contact form. */
      kind: z.enum(leadKinds),
      list: z.enum(subscriptionLists).nullable(),
      email: z.string(),
      /** The first name of a sign-up, the name of an enquiry. */
      name: z.string().nullable(),
      /** Sign-ups only: the contact form keeps no source. */
      source: z.string().nullable(),
      /** The path of the page the form was on, when it was recorded. */
      page: z.string().nullable(),
      /** Sign-ups only: where it stands in Kit (decision 021). */
      status: z.enum(subscriberStatuses).nullable(),
    }),
  ),
});
export type LatestLeads = z.infer<typeof latestLeadsSchema>;

/** GET leads.csv?leads= : every sign-up, or every enquiry, as `npm run leads -- export` prints. */
export const leadExportQuerySchema = z.strictObject({
  leads: z
    .enum(['subscribers', 'contacts', 'sales'], {
      error: 'needs "contacts", "subscribers" or "sales".',
    })
    .default('subscribers'),
});

/** GET outbox: the forwarding jobs still to do, oldest first; ids and errors, no personal data. */
export const outboxAnswerSchema = z.strictObject({
  jobs: z.array(
    z.strictObject({
      id: z.string(),
      kind: z.string(),
      status: z.enum(['pending', 'failed']),
      attempts: count,
      next_attempt_at: z.string(),
      last_error: z.string().nullable(),
    }),
  ),
  pending: count,
  failed: count,
});
export type OutboxAnswer = z.infer<typeof outboxAnswerSchema>;

/** POST outbox/retry: every failed job again, or the one named. */
export const outboxRetrySchema = z.strictObject({
  id: z
    .string({ error: 'must be a job id.' })
    .min(1, 'must be a job id.')
    .max(64, 'must be a job id.')
    .optional(),
});
export const outboxRetryAnswerSchema = z.strictObject({ queued: count });

/**
 * POST erasure: everything held about one email address. Anything with an @ is tried, so that
 * an address taken under an older, looser rule can still be erased.
 */
export const erasureSchema = z.strictObject({
  email: z
    .string({ error: 'needs an email address.' })
    .trim()
    .max(320, 'needs an email address.')
    .refine((email) => email.includes('@') && printable(email), 'needs an email address.'),
});
export const erasureAnswerSchema = z.strictObject({
  contactSubmissions: count,
  subscribers: count,
  outboxJobs: count,
  /** Workshop sales kept for the books, without the buyer (decision 020). */
  sales: count,
});
export type Erasure = z.infer<typeof erasureAnswerSchema>;

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

/**
 * What became of a post's newsletter in Kit (docs/decisions/028-writing.md): waiting for its
 * time, made (a draft, or scheduled), not made for want of Kit, or called off before it was made.
 */
export const newsletterStates = ['waiting', 'made', 'no-kit', 'called-off'] as const;

/** GET writing: the posts on the site (and those dated ahead), newest first, with their funnel. */
export const writingAnswerSchema = z.strictObject({
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
export type WritingAnswer = z.infer<typeof writingAnswerSchema>;
