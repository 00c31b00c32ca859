import { type FormEvent, useEffect, useRef, useState } from 'react';
import type { CohortQuestion } from '../../../contracts/content/cohort-questions';
import { rememberSignedUpEmail } from '../../lib/signed-up-email';
import type { LeadAction, LeadAnswer } from '../../lib/submit-lead';

export type LeadFormStatus = 'idle' | 'submitting' | 'success' | 'error';

/** Validation and the API client load with the first focus in a form (or its submit). */
const loadSubmit = () => import('../../lib/submit-lead');

/**
 * The one form pattern: validate the named fields with the shared contract (the same schema the
 * API uses), post them as JSON, and report idle -> submitting -> success | error. On success the
 * fields are cleared; on error they are kept so the visitor can retry. Without JavaScript the
 * same <form> posts natively (see LeadForm).
 */
export function useLeadForm({
  action,
  questions,
  onSuccess,
}: {
  action: LeadAction;
  /** The questions an application answers, which its schema is made from (submit-lead.ts). */
  questions?: readonly CohortQuestion[];
  /** With the server's answer (a sign-up's share code). */
  onSuccess?: (answer: LeadAnswer) => void;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  const [status, setStatus] = useState<LeadFormStatus>('idle');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [attempt, setAttempt] = useState(0);
  // Guards a double submit while the validation module loads (before the busy state shows).
  const inFlight = useRef(false);

  // With JavaScript our inline errors replace the browser's bubbles.
  useEffect(() => {
    if (formRef.current) formRef.current.noValidate = true;
  }, []);

  // After a rejected attempt, move focus to the first field in error (now described by it).
  useEffect(() => {
    if (attempt === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [attempt]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (inFlight.current) return;
    inFlight.current = true;
    const form = event.currentTarget;
    try {
      const submit = await loadSubmit().catch(() => null);
      if (!submit) {
        // The module did not load (a flaky network, or assets replaced by a deploy): post the
        // form natively instead. The server validates it and answers at #<form>-success or -error.
        form.submit();
        return;
      }
      const { validateLead, sendLead } = submit;
      const valid = validateLead(action, new FormData(form), questions);
      if (!valid.ok) {
        setErrors(valid.fields);
        setStatus('idle');
        setAttempt((count) => count + 1);
        return;
      }
      setErrors({});
      setStatus('submitting');
      const outcome = await sendLead(action, valid.body);
      if (outcome.kind === 'sent') {
        // A sign-up's address, to prefill the workshop's checkout later (decision 020).
        if (action === '/api/subscriptions' && 'email' in valid.body) {
          rememberSignedUpEmail(String(valid.body.email));
        }
        form.reset();
        setStatus('success');
        onSuccess?.(outcome.data);
        return;
      }
      // Product brief §8: the server's error is the internal message; visitors see the form's own copy.
      console.warn(`${action}: ${outcome.error}`);
      setErrors(outcome.fields ?? {});
      setStatus('error');
      if (outcome.fields) setAttempt((count) => count + 1);
    } finally {
      inFlight.current = false;
    }
  }

  return { formRef, status, errors, onSubmit, prefetch };
}

/**
 * On a form's first focus: load validation, and start the proof of work so that it is ready by
 * the time the visitor sends. A failure here is handled again at submit.
 */
function prefetch() {
  loadSubmit()
    .then((submit) => submit.startProofOfWork())
    .catch(() => undefined);
}
