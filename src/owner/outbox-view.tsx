import { useEffect, useState } from 'react';
import { ownerPaths } from '../../contracts/owner';
import { roomApi } from '../../contracts/room/api';
import {
  type OutboxAnswer,
  outboxAnswerSchema,
  outboxRetryAnswerSchema,
} from '../../contracts/room/outbox';
import { getJson, postJson } from '../lib/api-client';
import { Problem, problemOf, quietButtonClass, Section, when } from './room-ui';
import { words } from './words';

/** The forwarding jobs still waiting or given up on, and another go for the failed ones. */
export function OutboxView({ version }: { version: number }) {
  const [outbox, setOutbox] = useState<OutboxAnswer | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function load() {
    const answer = await getJson(`${ownerPaths.api}${roomApi.outbox}`, outboxAnswerSchema);
    if (answer.ok) setOutbox(answer.data);
    else setProblem(problemOf(answer));
  }
  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` asks for the outbox again.
  useEffect(() => {
    void load();
  }, [version]);

  /** One failed job again, or every failed job without an id. */
  async function retry(id?: string) {
    setBusy(true);
    setProblem(null);
    setNotice(null);
    const answer = await postJson(
      `${ownerPaths.api}${roomApi.outboxRetry}`,
      id ? { id } : {},
      outboxRetryAnswerSchema,
    );
    if (answer.ok) setNotice(words.outbox.queued(answer.data.queued));
    else setProblem(problemOf(answer));
    await load();
    setBusy(false);
  }

  return (
    <Section id="outbox" heading={words.outbox.heading}>
      <p className="max-w-prose">{words.outbox.lead}</p>
      {problem && <Problem message={problem} />}
      {outbox &&
        (outbox.jobs.length === 0 ? (
          <p className="text-muted">{words.outbox.empty}</p>
        ) : (
          <>
            <div className="flex flex-wrap items-center justify-between gap-3">
              <p>{words.outbox.summary(outbox.pending, outbox.failed)}</p>
              {outbox.failed > 0 && (
                <button
                  type="button"
                  className={quietButtonClass}
                  disabled={busy}
                  onClick={() => void retry()}
                >
                  {words.outbox.retryAll}
                </button>
              )}
            </div>
            <JobList jobs={outbox.jobs} busy={busy} onRetry={(id) => void retry(id)} />
          </>
        ))}
      <p role="status" className="font-semibold">
        {notice}
      </p>
    </Section>
  );
}

/**
 * Each job as a line of the list, a phone's width or a wide screen's: what it is and its state,
 * its tries, the last error in full, and Retry for a failed one.
 */
function JobList({
  jobs,
  busy,
  onRetry,
}: {
  jobs: OutboxAnswer['jobs'];
  busy: boolean;
  onRetry: (id: string) => void;
}) {
  const text = words.outbox;
  return (
    <ul className="flex flex-col divide-y divide-line rounded-card border border-line bg-field text-on-field">
      {jobs.map((job) => {
        const failed = job.status === 'failed';
        const id = job.id.slice(0, 8);
        return (
          <li key={job.id} className="flex flex-wrap items-center gap-x-6 gap-y-3 px-4 py-3">
            <div className="flex min-w-0 flex-1 basis-72 flex-col gap-1">
              <p className="flex flex-wrap items-baseline gap-x-3">
                <span className="font-semibold">{job.kind}</span>
                <span className={failed ? 'font-semibold text-danger' : 'font-semibold'}>
                  {failed ? text.failed : text.pending}
                </span>
                <span className="font-mono text-step--1 text-muted">{id}</span>
              </p>
              <p className="text-step--1 text-muted">
                {text.tries(job.attempts)} ·{' '}
                {/* A failed job has given up: it has no next try until it is retried. */}
                {failed ? text.gaveUp : text.next(when(job.next_attempt_at))}
              </p>
              {job.last_error && (
                <p className="text-step--1 [overflow-wrap:anywhere]">
                  {text.error} {job.last_error}
                </p>
              )}
            </div>
            {failed && (
              <button
                type="button"
                className={quietButtonClass}
                disabled={busy}
                aria-label={text.retryLabel(id)}
                onClick={() => onRetry(job.id)}
              >
                {text.retry}
              </button>
            )}
          </li>
        );
      })}
    </ul>
  );
}
