import { type FormEvent, useId, useState } from 'react';
import { ownerPaths } from '../../contracts/owner';
import { makePasskey, signIn } from './passkey-api';
import { Room } from './room';
import { buttonClass, Problem } from './room-ui';
import { words } from './words';

/**
 * The owner's room in the browser: one document for /owner/…, whose path picks the page: the
 * sign-in or welcome page, else the room at the view of its address (room.tsx). The server has
 * already decided who may see what (server/features/room/router.ts): this only draws it.
 */
export function RoomApp({ path }: { path: string }) {
  if (path === ownerPaths.signIn) return <SignIn />;
  if (path === ownerPaths.welcome) return <Welcome />;
  return <Room path={path} />;
}

function Shell({ heading, children }: { heading: string; children: React.ReactNode }) {
  return (
    <main className="mx-auto flex min-h-screen max-w-6xl flex-col gap-12 px-5 py-12 md:px-8">
      <h1 className="font-display text-step-4 uppercase leading-none">{heading}</h1>
      {children}
    </main>
  );
}

function SignIn() {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  async function go() {
    setBusy(true);
    setProblem(null);
    const failed = await signIn();
    if (failed === null) {
      window.location.assign(ownerPaths.room);
      return;
    }
    setProblem(failed);
    setBusy(false);
  }
  return (
    <Shell heading={words.signIn.heading}>
      <p className="max-w-prose text-step-1">{words.signIn.lead}</p>
      <div className="flex flex-col items-start gap-3">
        <button type="button" className={buttonClass} disabled={busy} onClick={() => void go()}>
          {busy ? words.signIn.working : words.signIn.button}
        </button>
        <Problem message={problem} />
      </div>
      <p className="text-muted">{words.signIn.lost}</p>
    </Shell>
  );
}

function Welcome() {
  const [invite] = useState(() => window.location.hash.slice(1));
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(invite ? null : words.welcome.noInvite);
  const labelId = useId();
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const label = String(new FormData(event.currentTarget).get('label') ?? '');
    setBusy(true);
    setProblem(null);
    const failed = await makePasskey(label, invite);
    if (failed === null) {
      // The link is spent: keep it out of the history before moving on.
      window.history.replaceState(null, '', ownerPaths.welcome);
      window.location.assign(ownerPaths.room);
      return;
    }
    setProblem(failed);
    setBusy(false);
  }
  return (
    <Shell heading={words.welcome.heading}>
      <p className="max-w-prose text-step-1">{words.welcome.lead}</p>
      <form className="flex max-w-md flex-col gap-3" onSubmit={(event) => void submit(event)}>
        <label htmlFor={labelId} className="font-semibold">
          {words.welcome.label}
        </label>
        <input
          id={labelId}
          name="label"
          required
          maxLength={60}
          defaultValue={words.welcome.defaultLabel}
          aria-describedby={`${labelId}-hint`}
          className="min-h-12 rounded-lg border border-line bg-field px-4 text-on-field"
        />
        <p id={`${labelId}-hint`} className="text-step--1 text-muted">
          {words.welcome.labelHint}
        </p>
        <button type="submit" className={buttonClass} disabled={busy || !invite}>
          {busy ? words.welcome.working : words.welcome.button}
        </button>
        <Problem message={problem} />
      </form>
    </Shell>
  );
}
