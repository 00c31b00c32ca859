import { z } from 'zod';
import { honeypot } from './honeypot';

/** The sign-up lists (D8): one endpoint, one schema, for every sign-up form. */
export const subscriptionLists = ['newsletter', 'waitlist', 'handbook'] as const;
export type SubscriptionList = (typeof subscriptionLists)[number];

const utmKeys = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content'] as const;

export const utmSchema = z
  .object(Object.fromEntries(utmKeys.map((key) => [key, z.string().trim().max(200).optional()])))
  .partial()
  .strict();

export const subscriptionSchema = z.object({
  list: z.enum(subscriptionLists, { error: 'Unknown list.' }),
  email: z
    .string()
    .trim()
    .min(1, 'Please enter your email address.')
    .max(254, 'Please check your email address.')
    .pipe(z.email('Please enter a valid email address.')),
  firstName: z.string().trim().max(100, 'Please shorten your first name.').optional(),
  /** Traffic source (D4), e.g. Instagram / LinkedIn / Direct or a utm_source. */
  source: z.string().trim().max(64).optional(),
  /** Path of the page the form was on. */
  page: z.string().trim().max(300).optional(),
  utm: utmSchema.optional(),
  [honeypot.field]: honeypot.schema,
});

export type Subscription = z.infer<typeof subscriptionSchema>;
export type SubscriptionInput = z.input<typeof subscriptionSchema>;
