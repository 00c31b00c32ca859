import type { ContactSubmissionInput } from '../../contracts/contact';
import type { SubscriptionInput } from '../../contracts/subscription';

/**
 * The honeypot's field name (contracts/honeypot.ts), as a bare constant so that rendering a
 * form does not load zod. The type ties it to both contracts; a unit test to the value.
 */
export const honeypotField = 'company_website' satisfies keyof ContactSubmissionInput &
  keyof SubscriptionInput;
