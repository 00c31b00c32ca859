import type { ContactSubmissionInput } from '../../contracts/contact';
import type { SubscriptionInput } from '../../contracts/subscription';

/**
 * The honeypot's field name (contracts/honeypot.ts), as a bare constant so that rendering a
 * form does not load zod. The type ties it to both contracts; a unit test to the value.
 */
export const honeypotField = 'company_website' satisfies keyof ContactSubmissionInput &
  keyof SubscriptionInput;

/**
 * The trap's label. Only bots read it (the field is off-screen and hidden from assistive
 * technology), so it belongs to the mechanism, not to the copy the owner edits.
 */
export const honeypotLabel = 'Leave this field empty';
