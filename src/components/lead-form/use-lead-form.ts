import { type FormEvent, useEffect, useRef, useState } from 'react';
import type { z } from 'zod';
import { fieldErrors } from '../../../contracts/api-error';
import { postJson } from '../../lib/api-client';
import { leadPayload } from '../../lib/lead-payload';

export type LeadFormStatus = 'idle' | 'submitting' | 'success' | 'error';

/**
 * The one form pattern: validate the named fields with the shared contract (the same schema the
 * API uses), post them as JSON, and report idle -> submitting -> success | error. On success the
 * fields are cleared; on error they are kept so the visitor can retry. Without JavaScript the
 * same <form> posts natively (see LeadForm).
 */
export function useLeadForm({
  action,
  schema,
  onSuccess,
}: {
  action: string;
  schema: z.ZodType;
  onSuccess?: () => void;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  const [status, setStatus] = useState<LeadFormStatus>('idle');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [attempt, setAttempt] = useState(0);

  // With JavaScript our inline errors replace the browser's bubbles.
  useEffect(() => {
    if (formRef.current) formRef.current.noValidate = true;
  }, []);

  // After a rejected attempt, move focus to the first field in error (now described by it).
  useEffect(() => {
    if (attempt === 0) return;
    const form = formRef.current;
    const first = form?.querySelector<HTMLElement>('[aria-invalid="true"]');
    first?.focus();
  }, [attempt]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (status === 'submitting') return;
    const form = event.currentTarget;
    const parsed = schema.safeParse(leadPayload(new FormData(form)));
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      setStatus('idle');
      setAttempt((count) => count + 1);
      return;
    }
    setErrors({});
    setStatus('submitting');
    const result = await postJson(action, parsed.data);
    if (result.ok) {
      form.reset();
      setStatus('success');
      onSuccess?.();
      return;
    }
    // Spec §8: the server's error is the internal message; visitors see the form's own copy.
    console.warn(`${action}: ${result.error}`);
    setErrors(result.fields ?? {});
    setStatus('error');
    if (result.fields) setAttempt((count) => count + 1);
  }

  return { formRef, status, errors, onSubmit };
}
