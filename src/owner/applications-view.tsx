import { useEffect, useRef, useState } from 'react';
import { ownerPaths } from '../../contracts/owner';
import { roomApi } from '../../contracts/room/api';
import {
  type ApplicationStatus,
  type ApplicationSummary,
  type ApplicationsAnswer,
  applicationStatuses,
  applicationsAnswerSchema,
} from '../../contracts/room/cohort';
import { getJson } from '../lib/api-client';
import { ApplicationDetailView, applicantOf, offerWords } from './application-detail';
import { IntakeSeatsList } from './intake-seats';
import { HeadRow, Problem, problemOf, quietButtonClass, RoomTable, Section, when } from './room-ui';
import { words } from './words';

const text = words.applications;

/** The list's query: a status or all, and the page. */
const listPath = (status: ApplicationStatus | null, page: number) =>
  `${ownerPaths.api}${roomApi.applications}?${new URLSearchParams({
    ...(status ? { status } : {}),
    page: String(page),
  })}`;

/**
 * The cohort's applications (docs/decisions/033-cohort-applications.md): the seats of each intake
 * to come, with who is next on its waitlist while one is free; the list, newest first, filtered
 * by status, each with its offer; and one application at a time with its answers, history,
 * private notes and the buttons that move it along. Opening one puts the focus on its heading;
 * going back puts it on the button it was opened with.
 */
export function ApplicationsView({ version }: { version: number }) {
  const [status, setStatus] = useState<ApplicationStatus | null>(null);
  const [page, setPage] = useState(1);
  const [answer, setAnswer] = useState<ApplicationsAnswer | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [open, setOpen] = useState<string | null>(null);
  // Changes when the owner changed an application: the list and its counts are asked again.
  const [changes, setChanges] = useState(0);
  // The button an application was opened with: a row's, or a free seat's.
  const openedFrom = useRef<string | null>(null);
  const list = useRef<HTMLDivElement>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` and `changes` ask again.
  useEffect(() => {
    const controller = new AbortController();
    void getJson(listPath(status, page), applicationsAnswerSchema, {
      signal: controller.signal,
    }).then((answer) => {
      if (controller.signal.aborted) return;
      if (!answer.ok) return setProblem(problemOf(answer));
      setProblem(null);
      setAnswer(answer.data);
    });
    return () => controller.abort();
  }, [status, page, version, changes]);

  // Back from an application: the focus returns to the row it was opened from.
  useEffect(() => {
    if (open !== null || openedFrom.current === null) return;
    list.current?.querySelector<HTMLButtonElement>(openedFrom.current)?.focus();
  }, [open]);
  const openWith = (button: string) => (id: string) => {
    openedFrom.current = `button[${button}="${id}"]`;
    setOpen(id);
  };

  const filter = (next: ApplicationStatus | null) => {
    setStatus(next);
    setPage(1);
  };

  return (
    <Section id="applications" heading={text.heading}>
      <p className="max-w-prose">{text.lead}</p>
      {problem && <Problem message={problem} />}
      {open !== null ? (
        <ApplicationDetailView
          id={open}
          version={version + changes}
          onChange={() => setChanges((n) => n + 1)}
          onBack={() => setOpen(null)}
        />
      ) : (
        answer && (
          <div ref={list} className="flex flex-col gap-4">
            <IntakeSeatsList intakes={answer.intakes} onOpen={openWith('data-next')} />
            <StatusFilter answer={answer} status={status} onFilter={filter} />
            <ApplicationsList
              answer={answer}
              status={status}
              onOpen={openWith('data-application')}
              onPage={setPage}
            />
          </div>
        )
      )}
    </Section>
  );
}

/** The statuses as toggle buttons, each with its count; the one shown is pressed. */
function StatusFilter({
  answer,
  status,
  onFilter,
}: {
  answer: ApplicationsAnswer;
  status: ApplicationStatus | null;
  onFilter: (status: ApplicationStatus | null) => void;
}) {
  const all = Object.values(answer.counts).reduce((sum, n) => sum + n, 0);
  const choices: [ApplicationStatus | null, string][] = [
    [null, text.withCount(text.all, all)],
    ...applicationStatuses.map((each): [ApplicationStatus, string] => [
      each,
      text.withCount(text.statuses[each], answer.counts[each]),
    ]),
  ];
  return (
    // biome-ignore lint/a11y/useSemanticElements: a group of toggle buttons, not a form's fieldset.
    <div role="group" aria-label={text.filter} className="flex flex-wrap gap-2">
      {choices.map(([each, label]) => (
        <button
          key={each ?? 'all'}
          type="button"
          aria-pressed={status === each}
          className={`${quietButtonClass} aria-pressed:bg-ink aria-pressed:text-paper aria-pressed:hover:bg-ink`}
          onClick={() => onFilter(each)}
        >
          {label}
        </button>
      ))}
    </div>
  );
}

/** A page of the list: who applied, their status, when, for which intake, from where, the offer. */
function ApplicationsList({
  answer,
  status,
  onOpen,
  onPage,
}: {
  answer: ApplicationsAnswer;
  status: ApplicationStatus | null;
  onOpen: (id: string) => void;
  onPage: (page: number) => void;
}) {
  const { applications, total, page, pageSize } = answer;
  if (applications.length === 0) {
    return (
      <p className="text-muted">{status ? text.emptyStatus(text.statuses[status]) : text.empty}</p>
    );
  }
  const first = (page - 1) * pageSize + 1;
  return (
    <>
      <p className="text-step--1 text-muted">
        {text.shown(first, first + applications.length - 1, total)}
      </p>
      <RoomTable label={text.list}>
        <HeadRow
          columns={[
            text.name,
            text.email,
            text.status,
            text.applied,
            text.intake,
            text.source,
            text.offer,
          ]}
        />
        <tbody>
          {applications.map((application) => (
            <ApplicationRow key={application.id} application={application} onOpen={onOpen} />
          ))}
        </tbody>
      </RoomTable>
      {total > pageSize && (
        <div className="flex flex-wrap gap-3">
          <button
            type="button"
            className={quietButtonClass}
            disabled={page === 1}
            onClick={() => onPage(page - 1)}
          >
            {text.newer}
          </button>
          <button
            type="button"
            className={quietButtonClass}
            disabled={page * pageSize >= total}
            onClick={() => onPage(page + 1)}
          >
            {text.older}
          </button>
        </div>
      )}
    </>
  );
}

function ApplicationRow({
  application,
  onOpen,
}: {
  application: ApplicationSummary;
  onOpen: (id: string) => void;
}) {
  const nobody = words.room.nobody;
  const who = applicantOf(application);
  return (
    <tr className="border-b border-line align-top last:border-0">
      <th scope="row" className="py-2 pr-3 pl-4 text-left font-medium whitespace-nowrap">
        <button
          type="button"
          data-application={application.id}
          aria-label={text.open(who)}
          className="text-left font-semibold underline underline-offset-4 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ink"
          onClick={() => onOpen(application.id)}
        >
          {who}
        </button>
        <ResubmittedTags counts={application.resubmitted} />
      </th>
      <td className="py-2 pr-3 whitespace-nowrap">{application.email ?? nobody}</td>
      <td className="py-2 pr-3 whitespace-nowrap">{text.statuses[application.status]}</td>
      <td className="py-2 pr-3 whitespace-nowrap">{when(application.createdAt)}</td>
      <td className="py-2 pr-3 whitespace-nowrap">{application.intake}</td>
      <td className="py-2 pr-3 whitespace-nowrap">{application.source ?? nobody}</td>
      <td className="py-2 pr-4 whitespace-nowrap">{offerWords(application.offer)}</td>
    </tr>
  );
}

/**
 * What waits beside an application, said under its name and never as it: a resubmission is the
 * words of whoever typed the address until the address confirms it.
 */
function ResubmittedTags({ counts }: { counts: ApplicationSummary['resubmitted'] }) {
  const tags = [
    counts.unconfirmed > 0 ? text.resubmitted.unconfirmed(counts.unconfirmed) : null,
    counts.kept > 0 ? text.resubmitted.kept(counts.kept) : null,
  ].filter((tag) => tag !== null);
  if (tags.length === 0) return null;
  return <span className="block text-step--1 font-normal text-muted">{tags.join(' · ')}</span>;
}
