import { fieldErrors } from '../../contracts/api-error';
import { contactSubmissionSchema } from '../../contracts/contact';
import { formFieldsToBody } from '../../contracts/form-fields';
import { subscriptionSchema } from '../../contracts/subscription';
import { postJson } from './api-client';

/**
 * Validate a submitted lead form with the shared contract, then post it. Loaded on a form's
 * first focus or submit (see use-lead-form), so zod stays out of the page's first load.
 */
export const leadSchemas = {
  '/api/subscriptions': subscriptionSchema,
  '/api/contact-submissions': contactSubmissionSchema,
} as const;

export type LeadAction = keyof typeof leadSchemas;

export type LeadOutcome =
  | { kind: 'sent'; data: unknown }
  | { kind: 'failed'; error: string; fields?: Record<string, string> };

/** The named fields -> the contract's body, or the message of each field in error. */
export function validateLead(
  action: LeadAction,
  entries: Iterable<[string, FormDataEntryValue]>,
): { ok: true; body: unknown } | { ok: false; fields: Record<string, string> } {
  const parsed = leadSchemas[action].safeParse(formFieldsToBody(entries));
  return parsed.success
    ? { ok: true, body: parsed.data }
    : { ok: false, fields: fieldErrors(parsed.error) };
}

/** Posts a validated body; the server's error, if any, is the internal message (spec §8). */
export async function sendLead(action: LeadAction, body: unknown): Promise<LeadOutcome> {
  const result = await postJson(action, body);
  if (result.ok) return { kind: 'sent', data: result.data };
  return { kind: 'failed', error: result.error, fields: result.fields };
}
