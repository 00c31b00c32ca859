import { useEffect, useState } from 'react';
import { ownerPaths } from '../../contracts/owner';
import {
  funnelApi,
  type OutboxAnswer,
  outboxAnswerSchema,
  outboxRetryAnswerSchema,
} from '../../contracts/owner-funnel';
import { getJson, postJson } from '../lib/api-client';
import {
  HeadRow,
  numberClass,
  Problem,
  problemOf,
  quietButtonClass,
  RoomTable,
  Section,
  when,
} from './room-ui';
import { words } from './words';

/** The forwarding jobs still waiting or given up on, and another go for the failed ones. */
export function OutboxView({ version }: { version: number }) {
  const [outbox, setOutbox] = useState<OutboxAnswer | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function load() {
    const answer = await getJson(`${ownerPaths.api}${funnelApi.outbox}`, outboxAnswerSchema);
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
      `${ownerPaths.api}${funnelApi.retry}`,
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
            <RoomTable label={words.outbox.heading}>
              <HeadRow
                columns={[
                  words.outbox.job,
                  words.outbox.kind,
                  words.outbox.status,
                  { label: words.outbox.tries, className: 'text-right' },
                  words.outbox.next,
                  words.outbox.error,
                  {
                    label: <span className="sr-only">{words.outbox.actions}</span>,
                    className: '',
                  },
                ]}
              />
              <tbody>
                {outbox.jobs.map((job) => (
                  <tr key={job.id} className="border-b border-line align-top">
                    <th scope="row" className="py-2 pr-4 pl-4 text-left font-mono font-normal">
                      {job.id.slice(0, 8)}
                    </th>
                    <td className="py-2 pr-3 whitespace-nowrap">{job.kind}</td>
                    <td className="py-2 pr-4 font-semibold">
                      {job.status === 'failed' ? (
                        <span className="text-danger">{words.outbox.failed}</span>
                      ) : (
                        words.outbox.pending
                      )}
                    </td>
                    <td className={numberClass}>{job.attempts}</td>
                    <td className="py-2 pr-4 whitespace-nowrap">
                      {/* A failed job has given up: it has no next try until it is retried. */}
                      {job.status === 'failed' ? words.room.nobody : when(job.next_attempt_at)}
                    </td>
                    <td className="min-w-48 py-2 pr-4 [overflow-wrap:anywhere]">
                      {job.last_error ?? words.room.nobody}
                    </td>
                    <td className="py-2 pr-4">
                      {job.status === 'failed' && (
                        <button
                          type="button"
                          className={`${quietButtonClass} min-h-10 px-4`}
                          disabled={busy}
                          aria-label={words.outbox.retryLabel(job.id.slice(0, 8))}
                          onClick={() => void retry(job.id)}
                        >
                          {words.outbox.retry}
                        </button>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </RoomTable>
          </>
        ))}
      <p role="status" className="font-semibold">
        {notice}
      </p>
    </Section>
  );
}
