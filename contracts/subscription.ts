import { z } from 'zod';
import { emailAddressSchema } from './email';
import { type UtmKey, utmMaxLength } from './form-fields';
import { honeypot } from './honeypot';
import { proofOfWork } from './proof-of-work';
import { referralCodePattern } from './referral';
import { lineText, nameText, sitePathSchema } from './text';

/** The sign-up lists (product decision D8): one endpoint, one schema, for every sign-up form. */
export const subscriptionLists = ['newsletter', 'waitlist', 'handbook', 'workshop'] as const;
export type SubscriptionList = (typeof subscriptionLists)[number];

const utmValue = lineText(utmMaxLength, {
  notText: 'Please check this value.',
  tooLong: 'Please shorten this value.',
  unusable: 'Please check this value.',
}).optional();

export const utmSchema = z
  .object({
    utm_source: utmValue,
    utm_medium: utmValue,
    utm_campaign: utmValue,
    utm_term: utmValue,
    utm_content: utmValue,
  } satisfies Record<UtmKey, typeof utmValue>)
  .strict();

export const subscriptionSchema = z.strictObject({
  list: z.enum(subscriptionLists, { error: 'Unknown list.' }),
  email: emailAddressSchema,
  firstName: nameText(100, {
    notText: 'Please check your first name.',
    tooLong: 'Please shorten your first name.',
    unusable: 'Please use only letters and punctuation in your first name.',
  }).optional(),
  /** Traffic source (D4), e.g. Instagram / LinkedIn / Direct or a utm_source. */
  source: lineText(64, {
    notText: 'Unknown source.',
    tooLong: 'Unknown source.',
    unusable: 'Unknown source.',
  }).optional(),
  /** Path of the page the form was on: a path of this site, never another host. */
  page: sitePathSchema.optional(),
  utm: utmSchema.optional(),
  /** The share link's code this visitor came through (the thank-you page's promise). */
  ref: z.string().regex(referralCodePattern, 'Unknown referral code.').optional(),
  [honeypot.field]: honeypot.schema,
  [proofOfWork.field]: proofOfWork.schema,
});

export type Subscription = z.infer<typeof subscriptionSchema>;
export type SubscriptionInput = z.input<typeof subscriptionSchema>;

/**
 * The answer of POST /api/subscriptions (201), alike for a new sign-up and a repeat: the id and
 * a fresh share code for the visitor's link (decision 021: never a code an earlier answer gave).
 */
export const subscriptionAnswerSchema = z.object({
  id: z.string().min(1),
  referralCode: z.string().regex(referralCodePattern).optional(),
});

export type SubscriptionAnswer = z.infer<typeof subscriptionAnswerSchema>;
