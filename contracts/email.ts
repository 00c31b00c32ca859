import { z } from 'zod';

/** An email address as every form takes it: required, trimmed, at most 254 characters. */
export const emailAddressSchema = z
  .string({ error: 'Please enter your email address.' })
  .trim()
  .min(1, 'Please enter your email address.')
  .max(254, 'Please check your email address.')
  .pipe(z.email('Please enter a valid email address.'));
