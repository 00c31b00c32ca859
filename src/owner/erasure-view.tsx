import { type FormEvent, useId, useRef, useState } from 'react';
import { ownerPaths } from '../../contracts/owner';
import { roomApi } from '../../contracts/room/api';
import { erasureAnswerSchema } from '../../contracts/room/leads';
import { postJson } from '../lib/api-client';
import { ConfirmStep, FieldWithButton, Problem, problemOf, Section } from './room-ui';
import { words } from './words';

/**
 * Erasing a person (UK GDPR): the owner types the address, then confirms it in a second step,
 * since nothing brings the lead back. `onErased` lets the rest of the room show what is left.
 */
export function ErasureView({ onErased }: { onErased: () => void }) {
  const [email, setEmail] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const emailId = useId();
  const emailRef = useRef<HTMLInputElement>(null);

  // The question takes the focus when it appears (ConfirmStep); it comes back to the field after.
  function ask(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setProblem(null);
    setDone(null);
    setConfirming(true);
  }

  function cancel() {
    setConfirming(false);
    emailRef.current?.focus();
  }

  async function erase() {
    setBusy(true);
    const answer = await postJson(
      `${ownerPaths.api}${roomApi.erasure}`,
      { email },
      erasureAnswerSchema,
    );
    setBusy(false);
    setConfirming(false);
    emailRef.current?.focus();
    if (!answer.ok) return setProblem(problemOf(answer));
    setDone(
      Object.values(answer.data).every((erased) => erased === 0)
        ? words.erasure.nothingHeld
        : words.erasure.done(answer.data),
    );
    setEmail('');
    onErased();
  }

  return (
    <Section id="erasure" heading={words.erasure.heading}>
      <p className="max-w-prose">{words.erasure.lead}</p>
      <form onSubmit={ask} className="flex max-w-xl flex-col gap-3">
        <FieldWithButton
          ref={emailRef}
          id={emailId}
          label={words.erasure.email}
          submit={confirming ? null : words.erasure.next}
          // Not type=email: an address taken under an older, looser rule must still be erasable.
          type="text"
          inputMode="email"
          autoCapitalize="none"
          spellCheck={false}
          required
          maxLength={320}
          autoComplete="off"
          value={email}
          readOnly={confirming}
          onChange={(event) => setEmail(event.target.value)}
        />
      </form>
      {confirming && (
        <ConfirmStep
          question={words.erasure.confirm(email.trim())}
          yes={words.erasure.yes}
          cancel={words.erasure.cancel}
          busy={busy}
          danger
          onYes={() => void erase()}
          onCancel={cancel}
        />
      )}
      {problem && <Problem message={problem} />}
      <p role="status" className="font-semibold">
        {done}
      </p>
    </Section>
  );
}
