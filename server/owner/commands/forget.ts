import { z } from 'zod';
import { forgetPerson } from '../../db/owner';
import type { Store } from '../../db/store';
import { ownerCommand } from './command';

/**
 * Erases everything held about one email address (UK GDPR erasure) and answers how much. The
 * address is only looked up, never stored: anything with an @ is tried, so that an address
 * taken under an older, looser rule can still be erased.
 */
export const forgetCommand = ownerCommand({
  input: z.strictObject({
    email: z
      .string({ error: 'needs an email address.' })
      .refine((email) => email.includes('@'), 'needs an email address.'),
  }),
  run: ({ store }: { store: Store }, { email }) => forgetPerson(store, email),
});
