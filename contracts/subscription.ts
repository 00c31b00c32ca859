import { z } from 'zod';
import { emailAddressSchema } from './email';
import { type UtmKey, utmMaxLength } from './form-fields';
import { honeypot } from './honeypot';
import { referralCodePattern } from './referral';

/** The sign-up lists (D8): one endpoint, one schema, for every sign-up form. */
export const subscriptionLists = ['newsletter', 'waitlist', 'handbook'] as const;
export type SubscriptionList = (typeof subscriptionLists)[number];

const utmValue = z.string().trim().max(utmMaxLength, 'Please shorten this value.').optional();

export const utmSchema = z
  .object({
    utm_source: utmValue,
    utm_medium: utmValue,
    utm_campaign: utmValue,
    utm_term: utmValue,
    utm_content: utmValue,
  } satisfies Record<UtmKey, typeof utmValue>)
  .strict();

export const subscriptionSchema = z.object({
  list: z.enum(subscriptionLists, { error: 'Unknown list.' }),
  email: emailAddressSchema,
  firstName: z
    .string({ error: 'Please check your first name.' })
    .trim()
    .max(100, 'Please shorten your first name.')
    .optional(),
  /** Traffic source (D4), e.g. Instagram / LinkedIn / Direct or a utm_source. */
  source: z.string().trim().max(64).optional(),
  /** Path of the page the form was on. */
  page: z.string().trim().max(300).optional(),
  utm: utmSchema.optional(),
  /** The share link's code this visitor came through (the thank-you page's promise). */
  ref: z.string().regex(referralCodePattern, 'Unknown referral code.').optional(),
  [honeypot.field]: honeypot.schema,
});

export type Subscription = z.infer<typeof subscriptionSchema>;
export type SubscriptionInput = z.input<typeof subscriptionSchema>;
