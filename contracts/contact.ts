import { z } from 'zod';
import { emailAddressSchema } from './email';
import { honeypot } from './honeypot';

/** A press or speaking enquiry (spec §3, §5, §7). The browser form and the API share it. */
export const contactSubmissionSchema = z.object({
  name: z
    .string({ error: 'Please enter your name.' })
    .trim()
    .min(1, 'Please enter your name.')
    .max(200, 'Please shorten your name.'),
  email: emailAddressSchema,
  message: z
    .string({ error: 'Please enter a message.' })
    .trim()
    .min(1, 'Please enter a message.')
    .max(5000, 'Please keep your message under 5,000 characters.'),
  [honeypot.field]: honeypot.schema,
});

export type ContactSubmission = z.infer<typeof contactSubmissionSchema>;
export type ContactSubmissionInput = z.input<typeof contactSubmissionSchema>;
