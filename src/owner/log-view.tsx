import { useEffect, useState } from 'react';
import { type AuditLog, auditLogSchema, ownerPaths } from '../../contracts/owner';
import { roomApi } from '../../contracts/room/api';
import { getJson } from '../lib/api-client';
import { HeadRow, Problem, problemOf, RoomTable, Section, when } from './room-ui';
import { words } from './words';

const text = words.room;

/**
 * The room's log (docs/decisions/018-owner-sign-in.md): who signed in, published, exported or
 * erased, newest first. `version` asks for it again after the owner acted elsewhere.
 */
export function LogView({ version }: { version: number }) {
  const [entries, setEntries] = useState<AuditLog['entries'] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` asks for the log again.
  useEffect(() => {
    void getJson(`${ownerPaths.api}${roomApi.audit}`, auditLogSchema).then((answer) => {
      if (answer.ok) setEntries(answer.data.entries);
      else setProblem(problemOf(answer));
    });
  }, [version]);

  return (
    <Section id="audit" heading={text.audit}>
      <p className="max-w-prose">{text.auditLead}</p>
      {problem && <Problem message={problem} />}
      {entries?.length === 0 && <p className="text-muted">{text.auditEmpty}</p>}
      {entries && entries.length > 0 && (
        <RoomTable label={text.audit}>
          <HeadRow columns={[text.auditWhen, text.auditWho, text.auditWhat]} />
          <tbody>
            {entries.map((entry) => (
              <tr key={`${entry.at}-${entry.action}`} className="border-t border-line align-top">
                <td className="py-2 pr-4 pl-4 whitespace-nowrap">{when(entry.at)}</td>
                <td className="py-2 pr-4">{entry.owner ?? text.nobody}</td>
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
    </Section>
  );
}
