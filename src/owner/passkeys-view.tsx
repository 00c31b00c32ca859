import { useState } from 'react';
import type { OwnerMe } from '../../contracts/owner';
import { makePasskey, removePasskey } from './passkey-api';
import { Heading, Problem, quietButtonClass, Section, subheadingClass, when } from './room-ui';
import { signOut } from './session-api';
import { words } from './words';

const text = words.room;

/**
 * The owner's ways in (docs/decisions/023-room-hardening.md): their passkeys, one added or
 * removed (never the last), and their sessions, ended everywhere at once. `onChange` asks the
 * room for the owner's details again.
 */
export function PasskeysView({ me, onChange }: { me: OwnerMe | null; onChange: () => void }) {
  const [problem, setProblem] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  /** Runs a change of the owner's passkeys; `done` is what to say when it worked. */
  async function change(work: () => Promise<string | null>, done: string) {
    setBusy(true);
    setNotice(null);
    const failed = await work();
    setProblem(failed);
    if (failed === null) setNotice(done);
    onChange();
    setBusy(false);
  }

  function add() {
    const label = window.prompt(words.welcome.label, words.welcome.defaultLabel);
    if (label) void change(() => makePasskey(label), text.passkeyAdded);
  }

  function remove(passkey: OwnerMe['passkeys'][number]) {
    if (!window.confirm(text.confirmRemovePasskey(passkey.label))) return;
    void change(() => removePasskey(passkey.id), text.passkeyRemoved(passkey.label));
  }

  return (
    <Section id="passkeys" heading={text.passkeys}>
      <p className="max-w-prose text-muted">{text.passkeysHint}</p>
      <ul className="flex max-w-3xl flex-col divide-y divide-line rounded-card border border-line bg-field text-on-field">
        {me?.passkeys.map((passkey) => (
          <li
            key={passkey.id}
            className="flex flex-wrap items-center justify-between gap-3 px-4 py-3"
          >
            <span>
              <span className="font-semibold">{passkey.label}</span>{' '}
              <span className="text-step--1 text-muted">
                {text.added} {when(passkey.createdAt)} ·{' '}
                {passkey.lastUsedAt ? `${text.lastUsed} ${when(passkey.lastUsedAt)}` : text.never}
              </span>
            </span>
            {me.passkeys.length > 1 && (
              <button
                type="button"
                className={quietButtonClass}
                disabled={busy}
                aria-label={text.removePasskeyLabel(passkey.label)}
                onClick={() => remove(passkey)}
              >
                {text.removePasskey}
              </button>
            )}
          </li>
        ))}
      </ul>
      {me?.passkeys.length === 1 && <p className="text-muted">{text.onlyPasskey}</p>}
      <div>
        <button type="button" className={quietButtonClass} disabled={busy} onClick={add}>
          {text.addPasskey}
        </button>
      </div>
      <Problem message={problem} />
      {notice && (
        <p role="status" className="font-semibold">
          {notice}
        </p>
      )}

      <div className="mt-4 flex flex-col items-start gap-3 border-t border-line pt-8">
        <Heading className={subheadingClass}>{text.sessionsHeading}</Heading>
        {me && <p>{text.sessions(me.sessions)}</p>}
        <button
          type="button"
          className={quietButtonClass}
          disabled={busy}
          aria-describedby="sign-out-everywhere-hint"
          onClick={() => {
            setBusy(true);
            void signOut(true).then((failed) => {
              setProblem(failed);
              setBusy(false);
            });
          }}
        >
          {text.signOutEverywhere}
        </button>
        <p id="sign-out-everywhere-hint" className="text-step--1 text-muted">
          {text.signOutEverywhereHint}
        </p>
      </div>
    </Section>
  );
}
