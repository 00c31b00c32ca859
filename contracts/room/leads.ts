import { z } from 'zod';
import { subscriptionLists } from '../subscription';
import { count, printable } from './fields';

/**
 * The room's leads: the latest sign-ups and enquiries (roomApi.leads), the export as CSV
 * (roomApi.leadsCsv) and the erasure of one address (roomApi.erasure).
 */

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
    .enum(['subscribers', 'contacts', 'sales', 'attendees', 'applications'], {
      error: 'needs "contacts", "subscribers", "sales", "attendees" or "applications".',
    })
    .default('subscribers'),
});

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
  /** Workshop places kept for the books, without the attendee (docs/decisions/032-workshop-delivered.md). */
  attendees: count,
  /** Cohort applications kept for counting, without the applicant (docs/decisions/033-cohort-applications.md). */
  applications: count,
});
export type Erasure = z.infer<typeof erasureAnswerSchema>;
