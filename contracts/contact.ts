import { z } from 'zod';
import { emailAddressSchema } from './email';
import { honeypot } from './honeypot';
import { messageText, nameText } from './text';

/** A press or speaking enquiry (spec §3, §5, §7). The browser form and the API share it. */
export const contactSubmissionSchema = z.strictObject({
  name: nameText('Please enter your name.', 200, 'Please shorten your name.').pipe(
    z.string().min(1, 'Please enter your name.'),
  ),
  email: emailAddressSchema,
  message: messageText(
    'Please enter a message.',
    5000,
    'Please keep your message under 5,000 characters.',
  ).pipe(z.string().min(1, 'Please enter a message.')),
  [honeypot.field]: honeypot.schema,
});

export type ContactSubmission = z.infer<typeof contactSubmissionSchema>;
export type ContactSubmissionInput = z.input<typeof contactSubmissionSchema>;
