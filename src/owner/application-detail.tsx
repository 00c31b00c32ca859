import { type FormEvent, useEffect, useRef, useState } from 'react';
import { formatMinorUnits } from '../../contracts/money';
import { ownerPaths } from '../../contracts/owner';
import { roomApi } from '../../contracts/room/api';
import {
  type AnswerValue,
  type ApplicationDetail,
  type ApplicationOffer,
  type ApplicationStatus,
  type ApplicationSummary,
  applicationNoteAnswerSchema,
  applicationShowAnswerSchema,
  applicationStatusAnswerSchema,
  applicationStatuses,
  maxNoteLength,
  type QuestionAnswer,
} from '../../contracts/room/cohort';
import { getJson, postJson } from '../lib/api-client';
import {
  fieldClass,
  Heading,
  Problem,
  problemOf,
  quietButtonClass,
  subheadingClass,
  UnderHeading,
  when,
} from './room-ui';
import { words } from './words';

const text = words.applications;
const api = (path: string) => `${ownerPaths.api}${path}`;

/** Who an application is from, as the room names it. */
export const applicantOf = (application: Pick<ApplicationSummary, 'erased' | 'name' | 'email'>) =>
  application.erased ? text.erased : (application.name ?? application.email ?? words.room.nobody);

/** Where an application's last offer stands, in words: "Open until 30 Nov 2026, 10:00". */
export function offerWords(offer: ApplicationOffer | null): string {
  if (!offer) return words.room.nobody;
  const at = offer.at && when(offer.at);
  switch (offer.state) {
    case 'open':
      return text.offers.open(at ?? words.room.nobody);
    case 'expired':
      return text.offers.expired(at ?? words.room.nobody);
    case 'enrolled': {
      const paid = offer.paid ? formatMinorUnits(offer.paid.amount, offer.paid.currency) : '';
      return text.offers.enrolled(paid, at ?? words.room.nobody);
    }
    case 'withdrawn':
    case 'refunded':
      return at ? text.offers.on(text.offers[offer.state], at) : text.offers[offer.state];
  }
}

/**
 * One application (docs/decisions/033-cohort-applications.md): who sent it and from where, its
 * answers under the form's questions, the buttons that move it along, its history and the
 * owner's private notes. It takes the focus when it opens, so a screen reader says whose it is;
 * what an action did is announced, and the focus goes there when the button pressed is gone.
 */
export function ApplicationDetailView({
  id,
  version,
  onChange,
  onBack,
}: {
  id: string;
  version: number;
  onChange: () => void;
  onBack: () => void;
}) {
  const [application, setApplication] = useState<ApplicationDetail | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const article = useRef<HTMLElement>(null);
  const noticeRef = useRef<HTMLParagraphElement>(null);
  const opened = useRef(false);

  async function load() {
    const answer = await getJson(
      `${api(roomApi.applicationsShow)}?${new URLSearchParams({ application: id })}`,
      applicationShowAnswerSchema,
    );
    if (!answer.ok) return setProblem(problemOf(answer));
    setProblem(null);
    setApplication(answer.data.application);
  }
  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` asks for it again.
  useEffect(() => {
    void load();
  }, [id, version]);
  useEffect(() => {
    if (!application || opened.current) return;
    opened.current = true;
    article.current?.focus();
  }, [application]);

  /** Says what an action did; `focus` when the control that did it is gone. */
  const said = (message: string, focus: boolean) => {
    setNotice(message);
    if (focus) noticeRef.current?.focus();
    // The list's counts change, and this application is asked again with them (`version`).
    onChange();
  };

  const headingId = `application-${id}`;
  return (
    <div className="flex flex-col gap-4">
      <div>
        <button type="button" className={quietButtonClass} onClick={onBack}>
          {text.back}
        </button>
      </div>
      {problem && <Problem message={problem} />}
      {application && (
        <article
          ref={article}
          tabIndex={-1}
          aria-labelledby={headingId}
          className="flex flex-col gap-6 outline-none"
        >
          <Heading id={headingId} className={subheadingClass}>
            {applicantOf(application)}
          </Heading>
          <UnderHeading>
            <p ref={noticeRef} role="status" tabIndex={-1} className="font-semibold empty:hidden">
              {notice}
            </p>
            <Facts application={application} />
            {!application.erased && (
              <StatusButtons application={application} onMoved={(message) => said(message, true)} />
            )}
            <Answers application={application} />
            <Resubmissions application={application} />
            <History application={application} />
            <Notes application={application} onAdded={() => said(text.noteAdded, false)} />
          </UnderHeading>
        </article>
      )}
    </div>
  );
}

/** Who, when, which intake and where from, as a list of terms. */
function Facts({ application }: { application: ApplicationDetail }) {
  const nobody = words.room.nobody;
  const facts: [string, string][] = [
    [text.email, application.email ?? nobody],
    [text.status, text.statuses[application.status]],
    [text.offer, offerWords(application.offer)],
    [text.applied, when(application.createdAt)],
    [text.updated, when(application.updatedAt)],
    [text.decided, application.decidedAt ? when(application.decidedAt) : nobody],
    [text.intake, application.intake],
    [text.source, application.source ?? nobody],
    [text.page, application.page ?? nobody],
    [text.site, application.host ?? nobody],
    [text.experiment, application.experiment ?? nobody],
    [text.variant, application.variant ?? nobody],
    [text.proof, application.verified ? text.proofYes : text.proofNo],
  ];
  return (
    <dl aria-label={text.details} className="grid gap-x-6 gap-y-2 sm:grid-cols-[auto_1fr]">
      {facts.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="text-muted">{term}</dt>
          <dd className="[overflow-wrap:anywhere]">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The buttons to every other status; the change is announced. */
function StatusButtons({
  application,
  onMoved,
}: {
  application: ApplicationDetail;
  onMoved: (message: string) => void;
}) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  async function move(status: ApplicationStatus) {
    setBusy(true);
    setProblem(null);
    const answer = await postJson(
      api(roomApi.applicationsStatus),
      { application: application.id, status },
      applicationStatusAnswerSchema,
    );
    setBusy(false);
    if (!answer.ok) return setProblem(problemOf(answer));
    onMoved(text.moved(applicantOf(application), text.statuses[answer.data.status]));
  }

  const headingId = `move-${application.id}`;
  return (
    <div className="flex flex-col gap-3">
      <Heading id={headingId} className="font-semibold">
        {text.move}
      </Heading>
      <p className="text-muted">{text.current(text.statuses[application.status])}</p>
      {/* biome-ignore lint/a11y/useSemanticElements: a row of actions, not a form's fieldset. */}
      <div role="group" aria-labelledby={headingId} className="flex flex-wrap gap-3">
        {applicationStatuses
          .filter((status) => status !== application.status)
          .map((status) => (
            <button
              key={status}
              type="button"
              className={quietButtonClass}
              disabled={busy}
              onClick={() => void move(status)}
            >
              {text.moveTo[status]}
            </button>
          ))}
      </div>
      {problem && <Problem message={problem} />}
    </div>
  );
}

/** An answer as the owner reads it: several choices as a list, a web address as itself. */
function AnswerText({ value }: { value: AnswerValue | null }) {
  if (value === null) return <span className="text-muted">{text.notAnswered}</span>;
  if (Array.isArray(value)) {
    return value.length === 0 ? (
      <span className="text-muted">{text.notAnswered}</span>
    ) : (
      <ul className="list-disc pl-5">
        {value.map((option) => (
          <li key={option}>{option}</li>
        ))}
      </ul>
    );
  }
  return <span className="whitespace-pre-line [overflow-wrap:anywhere]">{String(value)}</span>;
}

function AnswerList({ answers }: { answers: readonly QuestionAnswer[] }) {
  return (
    <dl className="flex max-w-prose flex-col gap-3">
      {answers.map((answer) => (
        <div key={answer.id}>
          <dt className="font-semibold">
            {answer.label}
            {!answer.asked && <span className="font-normal text-muted"> {text.notAsked}</span>}
          </dt>
          <dd>
            <AnswerText value={answer.value} />
          </dd>
        </div>
      ))}
    </dl>
  );
}

function Answers({ application }: { application: ApplicationDetail }) {
  return (
    <div className="flex flex-col gap-3">
      <Heading className="font-semibold">{text.answers}</Heading>
      {application.erased ? (
        <p className="text-muted">{text.erasedAnswers}</p>
      ) : (
        <AnswerList answers={application.answers} />
      )}
    </div>
  );
}

/**
 * What was sent again with this address, newest first, each headed by where it stands and never
 * by the name it gave: until the address confirms it, it is anyone's words.
 */
function Resubmissions({ application }: { application: ApplicationDetail }) {
  const said = text.resubmitted;
  if (application.resubmissions.length === 0) return null;
  return (
    <div className="flex flex-col gap-3">
      <Heading className="font-semibold">{said.heading}</Heading>
      <p className="max-w-prose text-step--1 text-muted">{said.hint}</p>
      <ol className="flex max-w-prose flex-col gap-3">
        {application.resubmissions.map((each, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the list only grows, newest first, at each read.
          <li key={index} className="rounded-card border border-line p-3">
            <p className="font-semibold">{said.states[each.state]}</p>
            <p className="text-step--1 text-muted">
              {said.sent} {when(each.at)}
              {each.confirmedAt && `, ${said.confirmed.toLowerCase()} ${when(each.confirmedAt)}`}
            </p>
            <details className="mt-1">
              <summary className="cursor-pointer underline underline-offset-4">
                {text.answers}
              </summary>
              <AnswerList
                answers={[
                  { id: 'name', label: said.nameGiven, asked: true, value: each.name },
                  ...each.answers,
                ]}
              />
            </details>
          </li>
        ))}
      </ol>
    </div>
  );
}

/** What happened, oldest first: applied, applied again (with what it said before), each move. */
function History({ application }: { application: ApplicationDetail }) {
  return (
    <div className="flex flex-col gap-3">
      <Heading className="font-semibold">{text.history}</Heading>
      <ol className="flex flex-col gap-2">
        {application.history.map((event, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the history only grows at its end.
          <li key={index}>
            <span className="text-muted">{when(event.at)}</span>{' '}
            {event.kind === 'submitted' && text.submitted}
            {event.kind === 'status' &&
              `${text.changed(text.statuses[event.from], text.statuses[event.to])}, ${text.by(event.owner)}`}
            {event.kind === 'updated' && (
              <>
                {text.reapplied}
                {!application.erased && (
                  <details className="mt-1">
                    <summary className="cursor-pointer underline underline-offset-4">
                      {text.before}
                    </summary>
                    <AnswerList answers={event.before} />
                  </details>
                )}
              </>
            )}
          </li>
        ))}
      </ol>
    </div>
  );
}

/** The owner's private notes, and a field to add one. */
function Notes({ application, onAdded }: { application: ApplicationDetail; onAdded: () => void }) {
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const fieldId = `note-${application.id}`;

  async function add(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    setProblem(null);
    const answer = await postJson(
      api(roomApi.applicationsNote),
      { application: application.id, text: note },
      applicationNoteAnswerSchema,
    );
    setBusy(false);
    if (!answer.ok) return setProblem(problemOf(answer));
    setNote('');
    onAdded();
  }

  return (
    <div className="flex flex-col gap-3">
      <Heading className="font-semibold">{text.notes}</Heading>
      <p id={`${fieldId}-hint`} className="max-w-prose text-step--1 text-muted">
        {text.notesHint}
      </p>
      {application.notes.length === 0 ? (
        <p className="text-muted">{text.noNotes}</p>
      ) : (
        <ol className="flex max-w-prose flex-col gap-3">
          {application.notes.map((each, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: notes are only ever added at the end.
            <li key={index} className="rounded-card border border-line bg-field p-3 text-on-field">
              <p className="text-step--1 text-muted">
                {when(each.at)}, {text.by(each.owner)}
              </p>
              <p className="whitespace-pre-line [overflow-wrap:anywhere]">{each.text}</p>
            </li>
          ))}
        </ol>
      )}
      {!application.erased && (
        <form
          onSubmit={(event) => void add(event)}
          noValidate
          className="flex max-w-2xl flex-col gap-3"
        >
          <label htmlFor={fieldId} className="font-semibold">
            {text.note}
          </label>
          <textarea
            id={fieldId}
            name="text"
            rows={4}
            maxLength={maxNoteLength}
            aria-describedby={`${fieldId}-hint`}
            className={`${fieldClass} py-3`}
            value={note}
            onChange={(event) => setNote(event.target.value)}
          />
          <div>
            <button type="submit" className={quietButtonClass} disabled={busy}>
              {text.addNote}
            </button>
          </div>
          {problem && <Problem message={problem} />}
        </form>
      )}
    </div>
  );
}
