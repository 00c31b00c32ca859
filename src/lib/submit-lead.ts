import type { z } from 'zod';
import { fieldErrors } from '../../contracts/api-error';
import {
  applicationAnswerSchema,
  applicationFormBody,
  applicationSchema,
} from '../../contracts/cohort-application';
import { contactSubmissionAnswerSchema, contactSubmissionSchema } from '../../contracts/contact';
import type { CohortQuestion } from '../../contracts/content/cohort-questions';
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

/**
 * The cohort's application (docs/decisions/033-cohort-applications.md): its schema is made from
 * the questions its page asks, which the form hands to validateLead.
 */
export const applicationAction = '/api/cohort/applications';

export type LeadAction = keyof typeof leadSchemas | typeof applicationAction;

/** The schema of each endpoint's answer to a stored lead. */
export const leadAnswerSchemas = {
  '/api/subscriptions': subscriptionAnswerSchema,
  '/api/contact-submissions': contactSubmissionAnswerSchema,
  [applicationAction]: applicationAnswerSchema,
} as const satisfies Record<LeadAction, unknown>;

/** What the server answered a stored lead with (a sign-up's share code). */
export type LeadAnswer = z.infer<(typeof leadAnswerSchemas)[LeadAction]>;

export type LeadOutcome =
  | { kind: 'sent'; data: LeadAnswer }
  | { kind: 'failed'; error: string; fields?: Record<string, string> };

/** Each list of questions' schema, made once: a form validates at every attempt. */
const applicationSchemas = new WeakMap<
  readonly CohortQuestion[],
  ReturnType<typeof applicationSchema>
>();

function applicationSchemaOf(questions: readonly CohortQuestion[]) {
  let schema = applicationSchemas.get(questions);
  if (!schema) {
    schema = applicationSchema(questions);
    applicationSchemas.set(questions, schema);
  }
  return schema;
}

/**
 * The named fields -> the contract's body, or the message of each field in error. An application
 * is read and checked against its page's `questions`, exactly as the server reads and checks it.
 */
export function validateLead(
  action: LeadAction,
  entries: Iterable<[string, FormDataEntryValue]>,
  questions: readonly CohortQuestion[] = [],
): { ok: true; body: object } | { ok: false; fields: Record<string, string> } {
  const parsed =
    action === applicationAction
      ? applicationSchemaOf(questions).safeParse(applicationFormBody(entries, questions))
      : leadSchemas[action].safeParse(formFieldsToBody(entries));
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
