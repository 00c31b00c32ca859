import { z } from 'zod';
import { emailAddressSchema } from './email';
import { honeypot } from './honeypot';
import { proofOfWork } from './proof-of-work';
import { messageText, nameText, sitePathSchema } from './text';

/**
 * A press or speaking enquiry (product brief §3, §5, §7). The browser form and the API share it.
 */
export const contactSubmissionSchema = z.strictObject({
  name: nameText(200, {
    notText: 'Please enter your name.',
    tooLong: 'Please shorten your name.',
    unusable: 'Please use only letters and punctuation in your name.',
  }).pipe(z.string().min(1, 'Please enter your name.')),
  email: emailAddressSchema,
  message: messageText(5000, {
    notText: 'Please enter a message.',
    tooLong: 'Please keep your message under 5,000 characters.',
    unusable: 'Your message holds characters we cannot store: please retype it as plain text.',
  }).pipe(z.string().min(1, 'Please enter a message.')),
  /** Path of the page the form was on, as a sign-up keeps it: the owner sees which page brought it. */
  page: sitePathSchema.optional(),
  [honeypot.field]: honeypot.schema,
  [proofOfWork.field]: proofOfWork.schema,
});

export type ContactSubmission = z.infer<typeof contactSubmissionSchema>;
export type ContactSubmissionInput = z.input<typeof contactSubmissionSchema>;

/** The answer of POST /api/contact-submissions (201): the stored enquiry's id. */
export const contactSubmissionAnswerSchema = z.object({ id: z.string().min(1) });

export type ContactSubmissionAnswer = z.infer<typeof contactSubmissionAnswerSchema>;
