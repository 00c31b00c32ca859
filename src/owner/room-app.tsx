import { type FormEvent, useEffect, useId, useState } from 'react';
import {
  type AuditLog,
  auditLogSchema,
  type OwnerMe,
  okSchema,
  ownerMeSchema,
  ownerPaths,
} from '../../contracts/owner';
import { getJson, postJson } from '../lib/api-client';
import { ErasureView } from './erasure-view';
import { ExperimentsView } from './experiments-view';
import { FunnelView } from './funnel-view';
import { LeadsView } from './leads-view';
import { OutboxView } from './outbox-view';
import { makePasskey, removePasskey, signIn } from './passkey-api';
import { PublishView } from './publish-view';
import { buttonClass, HeadRow, Problem, quietButtonClass, RoomTable, when } from './room-ui';
import { words } from './words';
import { WritingView } from './writing-view';

/**
 * The owner's room in the browser: one document for /owner/…, whose path picks the view. The
 * server has already decided who may see what (server/owner/router.ts): this only draws it.
 */
export function RoomApp({ path }: { path: string }) {
  if (path === ownerPaths.signIn) return <SignIn />;
  if (path === ownerPaths.welcome) return <Welcome />;
  return <Room />;
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

function Room() {
  const [me, setMe] = useState<OwnerMe | null>(null);
  const [audit, setAudit] = useState<AuditLog['entries']>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  /** Counts the owner's changes to the leads, so that every view shows what is left. */
  const [leadsVersion, setLeadsVersion] = useState(0);

  async function load() {
    const [details, log] = await Promise.all([
      getJson(`${ownerPaths.api}/me`, ownerMeSchema),
      getJson(`${ownerPaths.api}/audit`, auditLogSchema),
    ]);
    // A session that ended meanwhile (signed out elsewhere, revoked): back to the sign-in page.
    if (details.status === 401) return window.location.assign(ownerPaths.signIn);
    if (details.ok) setMe(details.data);
    else setProblem(details.error);
    if (log.ok) setAudit(log.data.entries);
  }
  // biome-ignore lint/correctness/useExhaustiveDependencies: loads once when the room opens; later loads follow the owner's own actions.
  useEffect(() => {
    void load();
  }, []);

  async function signOut(everywhere: boolean) {
    setBusy(true);
    const path = everywhere ? 'sign-out-everywhere' : 'sign-out';
    const answer = await postJson(`${ownerPaths.api}/${path}`, {}, okSchema);
    if (answer.ok || answer.status === 401) return window.location.assign(ownerPaths.signIn);
    setProblem(answer.error);
    setBusy(false);
  }

  async function addPasskey() {
    const label = window.prompt(words.welcome.label, words.welcome.defaultLabel);
    if (!label) return;
    setBusy(true);
    setNotice(null);
    const failed = await makePasskey(label);
    setProblem(failed);
    if (failed === null) setNotice(words.room.passkeyAdded);
    await load();
    setBusy(false);
  }

  async function remove(passkey: OwnerMe['passkeys'][number]) {
    if (!window.confirm(words.room.confirmRemovePasskey(passkey.label))) return;
    setBusy(true);
    setNotice(null);
    const failed = await removePasskey(passkey.id);
    setProblem(failed);
    if (failed === null) setNotice(words.room.passkeyRemoved(passkey.label));
    await load();
    setBusy(false);
  }

  return (
    <Shell heading={words.room.heading}>
      <section aria-labelledby="who" className="flex flex-wrap items-center justify-between gap-4">
        <p id="who" className="text-step-1">
          {words.room.signedInAs} <strong>{me?.name}</strong>
          {me && <span className="text-muted"> · {words.room.sessions(me.sessions)}</span>}
        </p>
        <div className="flex flex-wrap gap-3">
          <button
            type="button"
            className={quietButtonClass}
            disabled={busy}
            onClick={() => void signOut(false)}
          >
            {words.room.signOut}
          </button>
          <button
            type="button"
            className={quietButtonClass}
            disabled={busy}
            title={words.room.signOutEverywhereHint}
            onClick={() => void signOut(true)}
          >
            {words.room.signOutEverywhere}
          </button>
        </div>
      </section>
      <Problem message={problem} />
      {notice && (
        <p role="status" className="font-semibold">
          {notice}
        </p>
      )}

      <FunnelView version={leadsVersion} />
      <LeadsView version={leadsVersion} />
      <ExperimentsView
        version={leadsVersion}
        onPublished={() => {
          setLeadsVersion((version) => version + 1);
          void load();
        }}
      />
      <WritingView version={leadsVersion} />
      <OutboxView version={leadsVersion} />
      <ErasureView
        onErased={() => {
          setLeadsVersion((version) => version + 1);
          void load();
        }}
      />
      <PublishView
        version={leadsVersion}
        onChange={() => {
          // A publish may queue a post's newsletter: the writing and the outbox show it.
          setLeadsVersion((version) => version + 1);
          void load();
        }}
      />

      <section aria-labelledby="passkeys" className="flex flex-col gap-4">
        <h2 id="passkeys" className="font-display text-step-2 uppercase">
          {words.room.passkeys}
        </h2>
        <p className="max-w-prose text-step--1 text-muted">{words.room.passkeysHint}</p>
        <ul className="flex flex-col divide-y divide-line rounded-card border border-line bg-field text-on-field">
          {me?.passkeys.map((passkey) => (
            <li
              key={passkey.id}
              className="flex flex-wrap items-center justify-between gap-3 px-4 py-3"
            >
              <span>
                <span className="font-semibold">{passkey.label}</span>{' '}
                <span className="text-step--1 text-muted">
                  {words.room.added} {when(passkey.createdAt)} ·{' '}
                  {passkey.lastUsedAt
                    ? `${words.room.lastUsed} ${when(passkey.lastUsedAt)}`
                    : words.room.never}
                </span>
              </span>
              {me.passkeys.length > 1 && (
                <button
                  type="button"
                  className={quietButtonClass}
                  disabled={busy}
                  aria-label={words.room.removePasskeyLabel(passkey.label)}
                  onClick={() => void remove(passkey)}
                >
                  {words.room.removePasskey}
                </button>
              )}
            </li>
          ))}
        </ul>
        {me?.passkeys.length === 1 && <p className="text-muted">{words.room.onlyPasskey}</p>}
        <div>
          <button
            type="button"
            className={quietButtonClass}
            disabled={busy}
            onClick={() => void addPasskey()}
          >
            {words.room.addPasskey}
          </button>
        </div>
      </section>

      <section aria-labelledby="audit" className="flex flex-col gap-4">
        <h2 id="audit" className="font-display text-step-2 uppercase">
          {words.room.audit}
        </h2>
        {audit.length === 0 ? (
          <p className="text-muted">{words.room.auditEmpty}</p>
        ) : (
          <RoomTable label={words.room.audit}>
            <HeadRow columns={[words.room.auditWhen, words.room.auditWho, words.room.auditWhat]} />
            <tbody>
              {audit.map((entry) => (
                <tr key={`${entry.at}-${entry.action}`} className="border-t border-line">
                  <td className="py-2 pr-4 pl-4 whitespace-nowrap">{when(entry.at)}</td>
                  <td className="py-2 pr-4">{entry.owner ?? words.room.nobody}</td>
                  <td className="min-w-48 py-2 pr-4 [overflow-wrap:anywhere]">
                    {entry.action}
                    {Object.keys(entry.detail).length > 0 && (
                      <span className="text-muted"> {JSON.stringify(entry.detail)}</span>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </RoomTable>
        )}
      </section>
    </Shell>
  );
}
