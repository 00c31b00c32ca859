import { type FormEvent, type RefObject, useEffect, useRef, useState } from 'react';
import { formatMinorUnits } from '../../contracts/money';
import { ownerPaths } from '../../contracts/owner';
import { roomApi } from '../../contracts/room/api';
import {
  holdsFarExceedSales,
  maxSessionLinkLength,
  type WorkshopAnswer,
  type WorkshopAttendee,
  type WorkshopHolds,
  type WorkshopSessionOverview,
  workshopAnswerSchema,
  workshopAttendeesSchema,
  workshopConfirmAnswerSchema,
  workshopHoldsSchema,
  workshopLinksAnswerSchema,
  workshopQueuedSchema,
  workshopWarningWords,
} from '../../contracts/room/workshop';
import { getJson, postJson, putJson } from '../lib/api-client';
import {
  ConfirmStep,
  fieldClass,
  Heading,
  HeadRow,
  numberClass,
  Problem,
  problemOf,
  quietButtonClass,
  RoomTable,
  Section,
  subheadingClass,
  UnderHeading,
  when,
} from './room-ui';
import { words } from './words';

const text = words.workshop;
const api = (path: string) => `${ownerPaths.api}${path}`;
const ofSession = (path: string, session: string) =>
  `${api(path)}?${new URLSearchParams({ session })}`;

/** An amount in its currency's smallest unit, as the owner reads it: £49.00. */
const money = formatMinorUnits;

/**
 * The workshop's sessions (docs/decisions/032-workshop-delivered.md): each one's seats and
 * revenue, its private links, its attendees with their emails and payments, its open checkouts,
 * and what the owner sends them (a confirmation again, the replay, a cancellation).
 */
export function WorkshopView({ version }: { version: number }) {
  const [overview, setOverview] = useState<WorkshopAnswer | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  // Changes when an action here changed what the sessions show.
  const [changes, setChanges] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` and `changes` ask again.
  useEffect(() => {
    const controller = new AbortController();
    void getJson(api(roomApi.workshop), workshopAnswerSchema, {
      signal: controller.signal,
    }).then((answer) => {
      if (controller.signal.aborted) return;
      if (!answer.ok) return setProblem(problemOf(answer));
      setProblem(null);
      setOverview(answer.data);
    });
    return () => controller.abort();
  }, [version, changes]);

  return (
    <Section id="workshop" heading={text.heading}>
      <p className="max-w-prose">{text.lead}</p>
      {overview &&
        [
          ...(overview.seatsEnforced ? [] : [text.notEnforced]),
          ...(overview.buyersApart ? [] : [workshopWarningWords.capsOff]),
          ...overview.sessions
            .filter((session) => holdsFarExceedSales(session.checkoutsLastDay))
            .map((session) =>
              workshopWarningWords.holdsWarning(session.id, session.checkoutsLastDay),
            ),
        ].map((warning) => (
          <p
            key={warning}
            className="max-w-prose rounded-card border-2 border-line p-4 font-semibold"
          >
            {warning}
          </p>
        ))}
      {problem && <Problem message={problem} />}
      {overview?.sessions.length === 0 && <p className="text-muted">{text.empty}</p>}
      {overview?.sessions.map((session) => (
        <SessionPanel
          key={session.id}
          session={session}
          version={version + changes}
          onChange={() => setChanges((n) => n + 1)}
        />
      ))}
    </Section>
  );
}

/** One session: its figures, links, attendees, open checkouts and what can be sent. */
function SessionPanel({
  session,
  version,
  onChange,
}: {
  session: WorkshopSessionOverview;
  version: number;
  onChange: () => void;
}) {
  const [notice, setNotice] = useState<string | null>(null);
  const noticeRef = useRef<HTMLParagraphElement>(null);
  const joiningRef = useRef<HTMLInputElement>(null);
  const headingId = `workshop-${session.id}`;
  const states = [
    ...(session.published ? [] : [text.notPublished]),
    ...(session.cancelledAt ? [text.cancelled(when(session.cancelledAt))] : []),
    ...(session.started && !session.cancelledAt ? [text.started] : []),
  ];
  /** Says what an action did; `focus` when the control that did it is gone. */
  const said = (message: string, focus = false) => {
    setNotice(message);
    if (focus) noticeRef.current?.focus();
  };
  return (
    <article
      aria-labelledby={headingId}
      className="mt-4 flex flex-col gap-4 border-t border-line pt-6"
    >
      <Heading id={headingId} className={subheadingClass}>
        {text.session(when(session.start), session.id)}
        {states.length > 0 && (
          <span className="text-step--1 font-normal text-muted"> · {states.join(' · ')}</span>
        )}
      </Heading>
      <UnderHeading>
        <Figures session={session} />
        <p ref={noticeRef} role="status" tabIndex={-1} className="font-semibold empty:hidden">
          {notice}
        </p>
        {session.refundedWithLink > 0 && session.joiningLink && (
          <StillHaveLink
            count={session.refundedWithLink}
            onRotate={() => {
              joiningRef.current?.focus();
              joiningRef.current?.select();
            }}
          />
        )}
        <LinksForm
          session={session}
          joiningRef={joiningRef}
          onSaved={(message) => said(message)}
          onChange={onChange}
        />
        <Attendees
          session={session}
          version={version}
          onResent={(message) => said(message)}
          onConfirmed={(message) => {
            said(message);
            onChange();
          }}
        />
        <Holds session={session} />
        {!session.cancelledAt && (
          <SessionActions
            session={session}
            onDone={(message) => {
              said(message, true);
              onChange();
            }}
          />
        )}
      </UnderHeading>
    </article>
  );
}

/** Seats sold, held and left, refunds, revenue and mismatched payments, as a list of terms. */
function Figures({ session }: { session: WorkshopSessionOverview }) {
  const revenue = Object.entries(session.revenue);
  const figures: [string, string][] = [
    [text.seats, session.seats === null ? words.room.nobody : String(session.seats)],
    [text.sold, String(session.sold)],
    [text.held, String(session.held)],
    [text.left, session.left === null ? words.room.nobody : String(session.left)],
    [text.refunded, String(session.refunded)],
    [
      text.revenue,
      revenue.length === 0
        ? text.noRevenue
        : revenue.map(([currency, amount]) => money(amount, currency)).join(' + '),
    ],
    [text.mismatches, String(session.mismatches)],
    [text.review, String(session.review)],
    [text.disputed, String(session.disputed)],
  ];
  return (
    <>
      <dl
        aria-label={text.figures}
        className="grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-7"
      >
        {figures.map(([term, value]) => (
          <div key={term} className="rounded-card border border-line bg-field p-3 text-on-field">
            <dt className="text-step--1 text-muted">{term}</dt>
            <dd className="text-step-1 font-semibold tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="max-w-prose text-step--1 text-muted">
        {text.heldHint} {text.revenueHint}
      </p>
    </>
  );
}

/**
 * Attendees who are out (refunded, or their dispute lost) yet were sent the joining link the
 * session has now: the offer to change it, which leads to the joining link's field.
 */
function StillHaveLink({ count, onRotate }: { count: number; onRotate: () => void }) {
  return (
    <div className="flex max-w-prose flex-col gap-2 rounded-card border-2 border-line p-4">
      <p className="font-semibold">{text.stillHaveLink(count)}</p>
      <p className="text-step--1 text-muted">{text.rotateHint}</p>
      <div>
        <button type="button" className={quietButtonClass} onClick={onRotate}>
          {text.rotate}
        </button>
      </div>
    </div>
  );
}

/**
 * The session's joining and replay links: plain address fields, which no password manager is
 * asked to fill, saved together. An empty field removes its link.
 */
function LinksForm({
  session,
  joiningRef,
  onSaved,
  onChange,
}: {
  session: WorkshopSessionOverview;
  /** The joining link's field, which the offer to rotate the link leads to. */
  joiningRef: RefObject<HTMLInputElement | null>;
  onSaved: (message: string) => void;
  onChange: () => void;
}) {
  const [joining, setJoining] = useState(session.joiningLink ?? '');
  const [replay, setReplay] = useState(session.replayLink ?? '');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    setProblem(null);
    const answer = await putJson(
      api(roomApi.workshopLinks),
      { session: session.id, joining, replay },
      workshopLinksAnswerSchema,
    );
    setBusy(false);
    if (!answer.ok) return setProblem(problemOf(answer));
    setJoining(answer.data.joiningLink ?? '');
    setReplay(answer.data.replayLink ?? '');
    onSaved(text.linksSaved);
    onChange();
  }

  const field = (name: 'joining' | 'replay', value: string, set: (value: string) => void) => {
    const id = `${name}-${session.id}`;
    return (
      <div className="flex flex-col gap-1">
        <label htmlFor={id} className="font-semibold">
          {name === 'joining' ? text.joining : text.replay}
        </label>
        <input
          ref={name === 'joining' ? joiningRef : undefined}
          id={id}
          name={name}
          type="url"
          inputMode="url"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          // Password managers offer to fill or save any field they can: these are not theirs.
          data-1p-ignore=""
          data-lpignore="true"
          data-bwignore=""
          maxLength={maxSessionLinkLength}
          placeholder="https://"
          aria-describedby={`links-hint-${session.id}`}
          className={fieldClass}
          value={value}
          onChange={(event) => set(event.target.value)}
        />
      </div>
    );
  };

  return (
    <form
      onSubmit={(event) => void save(event)}
      noValidate
      className="flex max-w-2xl flex-col gap-3"
    >
      <Heading className="font-semibold">{text.links}</Heading>
      <p id={`links-hint-${session.id}`} className="text-step--1 text-muted">
        {text.linksHint} {text.linkHint}
      </p>
      {field('joining', joining, setJoining)}
      {field('replay', replay, setReplay)}
      <div>
        <button type="submit" className={quietButtonClass} disabled={busy}>
          {text.saveLinks}
        </button>
      </div>
      {problem && <Problem message={problem} />}
    </form>
  );
}

/** The session's attendees, with their emails, their payment in Stripe and Resend confirmation. */
function Attendees({
  session,
  version,
  onResent,
  onConfirmed,
}: {
  session: WorkshopSessionOverview;
  version: number;
  onResent: (message: string) => void;
  onConfirmed: (message: string) => void;
}) {
  const [attendees, setAttendees] = useState<WorkshopAttendee[] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function load() {
    const answer = await getJson(
      ofSession(roomApi.workshopAttendees, session.id),
      workshopAttendeesSchema,
    );
    if (!answer.ok) return setProblem(problemOf(answer));
    setAttendees(answer.data.attendees);
  }
  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` asks for them again.
  useEffect(() => {
    void load();
  }, [version, session.id]);

  async function resend(attendee: WorkshopAttendee) {
    setBusy(true);
    setProblem(null);
    const answer = await postJson(
      api(roomApi.workshopResend),
      { attendee: attendee.id },
      workshopQueuedSchema,
    );
    setBusy(false);
    if (!answer.ok) return setProblem(problemOf(answer));
    onResent(text.resent(attendee.name ?? attendee.email ?? attendee.id));
    await load();
  }

  async function confirm(attendee: WorkshopAttendee) {
    setBusy(true);
    setProblem(null);
    const answer = await postJson(
      api(roomApi.workshopConfirm),
      { attendee: attendee.id },
      workshopConfirmAnswerSchema,
    );
    setBusy(false);
    if (!answer.ok) return setProblem(problemOf(answer));
    onConfirmed(text.confirmed(attendee.name ?? attendee.email ?? attendee.id));
    await load();
  }

  return (
    <div className="flex flex-col gap-3">
      <Heading className="font-semibold">{text.attendees}</Heading>
      {problem && <Problem message={problem} />}
      {attendees?.length === 0 && <p className="text-muted">{text.noAttendees}</p>}
      {attendees && attendees.length > 0 && (
        <>
          <p className="max-w-prose text-step--1 text-muted">{text.refundHint}</p>
          {attendees.some((attendee) => attendee.status === 'review') && (
            <p className="max-w-prose text-step--1 text-muted">{text.reviewHint}</p>
          )}
          <AttendeesTable
            label={`${text.attendees}: ${session.id}`}
            attendees={attendees}
            busy={busy}
            cancelled={session.cancelledAt !== null}
            onResend={(attendee) => void resend(attendee)}
            onConfirm={(attendee) => void confirm(attendee)}
          />
          <div className="flex flex-wrap items-center gap-3">
            <a
              href={ofSession(roomApi.workshopAttendeesCsv, session.id)}
              download
              className={quietButtonClass}
            >
              {text.export}
            </a>
            <span className="text-step--1 text-muted">{text.exportHint}</span>
          </div>
        </>
      )}
    </div>
  );
}

function AttendeesTable({
  label,
  attendees,
  busy,
  cancelled,
  onResend,
  onConfirm,
}: {
  label: string;
  attendees: WorkshopAttendee[];
  busy: boolean;
  cancelled: boolean;
  onResend: (attendee: WorkshopAttendee) => void;
  onConfirm: (attendee: WorkshopAttendee) => void;
}) {
  const nobody = words.room.nobody;
  return (
    <RoomTable label={label}>
      <HeadRow
        columns={[
          text.name,
          text.email,
          text.source,
          text.variant,
          { label: text.paid, className: 'text-right' },
          { label: text.refundedColumn, className: 'text-right' },
          text.emails,
          text.payment,
          text.actions,
        ]}
      />
      <tbody>
        {attendees.map((attendee) => {
          const who = attendee.name ?? attendee.email ?? attendee.id;
          const canResend =
            !cancelled &&
            !attendee.erased &&
            attendee.status === 'confirmed' &&
            attendee.dispute !== 'open';
          const canConfirm =
            !cancelled && attendee.status === 'review' && attendee.dispute !== 'open';
          return (
            <tr key={attendee.id} className="border-b border-line align-top last:border-0">
              <th scope="row" className="py-2 pr-3 pl-4 text-left font-medium whitespace-nowrap">
                {attendee.erased ? text.erased : (attendee.name ?? nobody)}
                <AttendeeState attendee={attendee} />
              </th>
              <td className="py-2 pr-3 whitespace-nowrap">{attendee.email ?? nobody}</td>
              <td className="py-2 pr-3 whitespace-nowrap">{attendee.source ?? nobody}</td>
              <td className="py-2 pr-3 whitespace-nowrap">{attendee.variant ?? nobody}</td>
              <td className={numberClass}>
                {money(attendee.amount, attendee.currency)}
                {attendee.mismatch && (
                  <span className="block font-semibold text-danger">
                    {text.mismatch(
                      attendee.expectedAmount === null || attendee.expectedCurrency === null
                        ? nobody
                        : money(attendee.expectedAmount, attendee.expectedCurrency),
                    )}
                  </span>
                )}
              </td>
              <td className={numberClass}>
                {attendee.refunded > 0 ? money(attendee.refunded, attendee.currency) : nobody}
              </td>
              <td className="py-2 pr-3">
                <EmailList emails={attendee.emails} />
              </td>
              <td className="py-2 pr-3 whitespace-nowrap">
                {attendee.payment ? (
                  <a
                    href={attendee.payment}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="underline underline-offset-4"
                    aria-label={text.openPaymentLabel(who)}
                  >
                    {text.openPayment}
                  </a>
                ) : (
                  nobody
                )}
              </td>
              <td className="py-2 pr-4">
                <AttendeeActions
                  who={who}
                  busy={busy}
                  canConfirm={canConfirm}
                  canResend={canResend}
                  onConfirm={() => onConfirm(attendee)}
                  onResend={() => onResend(attendee)}
                />
              </td>
            </tr>
          );
        })}
      </tbody>
    </RoomTable>
  );
}

/** What the owner can do for an attendee: confirm one held for review, resend a confirmation. */
function AttendeeActions({
  who,
  busy,
  canConfirm,
  canResend,
  onConfirm,
  onResend,
}: {
  who: string;
  busy: boolean;
  canConfirm: boolean;
  canResend: boolean;
  onConfirm: () => void;
  onResend: () => void;
}) {
  return (
    <>
      {canConfirm && (
        <button
          type="button"
          className={quietButtonClass}
          disabled={busy}
          aria-label={text.confirmLabel(who)}
          onClick={onConfirm}
        >
          {text.confirm}
        </button>
      )}
      {canResend && (
        <button
          type="button"
          className={quietButtonClass}
          disabled={busy}
          aria-label={text.resendLabel(who)}
          onClick={onResend}
        >
          {text.resend}
        </button>
      )}
    </>
  );
}

/**
 * Where an attendee stands beneath their name: refunded, held for the owner's review and why, a
 * dispute of their payment.
 */
function AttendeeState({ attendee }: { attendee: WorkshopAttendee }) {
  const reasons = attendee.reviewReasons.map((reason) => text.reviewReasons[reason] ?? reason);
  return (
    <>
      {attendee.status === 'refunded' && (
        <span className="block text-step--1 font-normal text-muted">{text.refundedStatus}</span>
      )}
      {attendee.status === 'review' && (
        <span className="block max-w-xs text-step--1 font-semibold whitespace-normal text-danger">
          {text.reviewStatus}
          {reasons.length > 0 && `: ${reasons.join('; ')}.`}
          {attendee.paidThrough && ` ${text.paidThrough(attendee.paidThrough)}`}
        </span>
      )}
      {attendee.dispute && (
        <span
          className={`block text-step--1 ${attendee.dispute === 'open' ? 'font-semibold text-danger' : 'font-normal text-muted'}`}
        >
          {text.dispute[attendee.dispute]}
        </span>
      )}
    </>
  );
}

/** The emails queued for an attendee: what each is and where it stands. */
function EmailList({ emails }: { emails: WorkshopAttendee['emails'] }) {
  if (emails.length === 0) return <span className="text-muted">{text.noEmails}</span>;
  return (
    <ul className="flex flex-col gap-1 whitespace-nowrap">
      {emails.map((email, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a confirmation sent twice is two lines alike.
        <li key={index}>
          {text.emailKinds[email.kind] ?? email.kind}:{' '}
          <span className={email.status === 'failed' ? 'font-semibold text-danger' : 'text-muted'}>
            {text.emailStatus[email.status]}
            {email.sentAt ? ` ${when(email.sentAt)}` : ''}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** The seats held by checkouts still open, by client, shown on request. */
function Holds({ session }: { session: WorkshopSessionOverview }) {
  const [holds, setHolds] = useState<WorkshopHolds | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const regionId = `holds-${session.id}`;

  async function toggle() {
    if (holds) return setHolds(null);
    const answer = await getJson(ofSession(roomApi.workshopHolds, session.id), workshopHoldsSchema);
    if (!answer.ok) return setProblem(problemOf(answer));
    setProblem(null);
    setHolds(answer.data);
  }

  return (
    <div className="flex flex-col gap-3">
      <div>
        <button
          type="button"
          className={quietButtonClass}
          aria-expanded={holds !== null}
          aria-controls={regionId}
          onClick={() => void toggle()}
        >
          {text.showHolds}
        </button>
      </div>
      {problem && <Problem message={problem} />}
      <div id={regionId} className="flex flex-col gap-3 empty:hidden">
        {holds &&
          (holds.open === 0 ? (
            <p className="text-muted">{text.noHolds}</p>
          ) : (
            <>
              <p className="max-w-prose">{text.holdsLead(holds.open)}</p>
              <RoomTable label={`${text.holds}: ${session.id}`}>
                <HeadRow
                  columns={[text.client, { label: text.clientHolds, className: 'text-right' }]}
                />
                <tbody>
                  {holds.clients.map((client) => (
                    <tr key={client.client} className="border-b border-line last:border-0">
                      <th scope="row" className="py-2 pr-3 pl-4 text-left font-mono font-normal">
                        {client.client}
                      </th>
                      <td className={numberClass}>{client.holds}</td>
                    </tr>
                  ))}
                </tbody>
              </RoomTable>
            </>
          ))}
      </div>
    </div>
  );
}

/**
 * What goes to every attendee, each after a question: the replay (once the session has started
 * and its replay link is saved) and the cancellation.
 */
function SessionActions({
  session,
  onDone,
}: {
  session: WorkshopSessionOverview;
  onDone: (message: string) => void;
}) {
  const [asking, setAsking] = useState<'replay' | 'cancel' | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const askedBy = useRef<HTMLButtonElement | null>(null);
  const coming = session.sold;
  const canReplay = session.started && session.replayLink !== null && !session.replayQueuedAt;

  function ask(action: 'replay' | 'cancel', button: HTMLButtonElement) {
    askedBy.current = button;
    setProblem(null);
    setAsking(action);
  }
  function keep() {
    setAsking(null);
    askedBy.current?.focus();
  }
  async function send(action: 'replay' | 'cancel') {
    setBusy(true);
    const path = action === 'replay' ? roomApi.workshopReplay : roomApi.workshopCancel;
    const answer = await postJson(api(path), { session: session.id }, workshopQueuedSchema);
    setBusy(false);
    setAsking(null);
    if (!answer.ok) {
      setProblem(problemOf(answer));
      return askedBy.current?.focus();
    }
    onDone(
      action === 'replay'
        ? text.replaySent(answer.data.queued)
        : text.cancelledDone(answer.data.queued),
    );
  }

  return (
    <div className="flex flex-col gap-3">
      {session.replayQueuedAt ? (
        <p className="text-muted">{text.replayQueued(when(session.replayQueuedAt))}</p>
      ) : (
        <p className="text-step--1 text-muted">{text.replayHint}</p>
      )}
      <div className="flex flex-wrap gap-3">
        {canReplay && (
          <button
            type="button"
            className={quietButtonClass}
            onClick={(event) => ask('replay', event.currentTarget)}
          >
            {text.replayButton}
          </button>
        )}
        <button
          type="button"
          className={quietButtonClass}
          onClick={(event) => ask('cancel', event.currentTarget)}
        >
          {text.cancel}
        </button>
      </div>
      {asking && (
        <ConfirmStep
          question={
            asking === 'replay'
              ? text.confirmReplay(coming)
              : text.confirmCancel(when(session.start), coming)
          }
          yes={asking === 'replay' ? text.yesReplay : text.yesCancel}
          cancel={text.keep}
          busy={busy}
          danger={asking === 'cancel'}
          onYes={() => void send(asking)}
          onCancel={keep}
        />
      )}
      {problem && <Problem message={problem} />}
    </div>
  );
}
