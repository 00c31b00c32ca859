import type { z } from 'zod';
import { fieldErrors } from '../../contracts/api-error';
import { contactSubmissionAnswerSchema, contactSubmissionSchema } from '../../contracts/contact';
import { formFieldsToBody } from '../../contracts/form-fields';
import { proofOfWork } from '../../contracts/proof-of-work';
import { subscriptionAnswerSchema, subscriptionSchema } from '../../contracts/subscription';
import { postJson } from './api-client';
import { takeProofOfWork } from './proof-of-work';

/**
 * Validate a submitted lead form with the shared contract, then post it. Loaded on a form's
 * first focus or submit (see use-lead-form), so zod stays out of the page's first load.
 */
export const leadSchemas = {
  '/api/subscriptions': subscriptionSchema,
  '/api/contact-submissions': contactSubmissionSchema,
} as const;

export type LeadAction = keyof typeof leadSchemas;

/** The schema of each endpoint's answer to a stored lead. */
export const leadAnswerSchemas = {
  '/api/subscriptions': subscriptionAnswerSchema,
  '/api/contact-submissions': contactSubmissionAnswerSchema,
} as const satisfies Record<LeadAction, unknown>;

/** What the server answered a stored lead with (a sign-up's share code). */
export type LeadAnswer = z.infer<(typeof leadAnswerSchemas)[LeadAction]>;

export type LeadOutcome =
  | { kind: 'sent'; data: LeadAnswer }
  | { kind: 'failed'; error: string; fields?: Record<string, string> };

/** The named fields -> the contract's body, or the message of each field in error. */
export function validateLead(
  action: LeadAction,
  entries: Iterable<[string, FormDataEntryValue]>,
): { ok: true; body: object } | { ok: false; fields: Record<string, string> } {
  const parsed = leadSchemas[action].safeParse(formFieldsToBody(entries));
  return parsed.success
    ? { ok: true, body: parsed.data }
    : { ok: false, fields: fieldErrors(parsed.error) };
}

export { startProofOfWork } from './proof-of-work';

/**
 * Posts a validated body with this post's proof of work; the server's error, if any, is the
 * internal message (product brief §8).
 */
export async function sendLead(action: LeadAction, body: object): Promise<LeadOutcome> {
  const proof = await takeProofOfWork();
  const result = await postJson(
    action,
    proof ? { ...body, [proofOfWork.field]: proof } : body,
    leadAnswerSchemas[action],
  );
  if (result.ok) return { kind: 'sent', data: result.data };
  return { kind: 'failed', error: result.error, fields: result.fields };
}
