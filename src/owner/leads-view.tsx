import { type FormEvent, useEffect, useId, useState } from 'react';
import { ownerPaths } from '../../contracts/owner';
import { roomApi } from '../../contracts/room/api';
import {
  type LatestLeads,
  latestLeadsSchema,
  maxLeadSearchLength,
} from '../../contracts/room/leads';
import { getJson } from '../lib/api-client';
import {
  FieldWithButton,
  HeadRow,
  Problem,
  problemOf,
  quietButtonClass,
  RoomTable,
  Section,
  when,
} from './room-ui';
import { words } from './words';

/**
 * The latest sign-ups and enquiries, newest first, with a search, and the exports (plain links:
 * the browser downloads the file with the session's cookie). `version` changes when the leads
 * changed elsewhere in the room (an erasure).
 */
export function LeadsView({ version }: { version: number }) {
  const [search, setSearch] = useState('');
  const [leads, setLeads] = useState<LatestLeads['leads'] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const searchId = useId();

  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` asks for the same leads again.
  useEffect(() => {
    const controller = new AbortController();
    const query = search ? `?${new URLSearchParams({ search })}` : '';
    void getJson(`${ownerPaths.api}${roomApi.leads}${query}`, latestLeadsSchema, {
      signal: controller.signal,
    }).then((answer) => {
      if (controller.signal.aborted) return;
      if (!answer.ok) return setProblem(problemOf(answer));
      setProblem(null);
      setLeads(answer.data.leads);
    });
    return () => controller.abort();
  }, [search, version]);

  function find(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSearch(String(new FormData(event.currentTarget).get('search') ?? '').trim());
  }

  const exportLink = (
    leadsOf: 'subscribers' | 'contacts' | 'sales' | 'attendees' | 'applications',
    label: string,
  ) => (
    <a
      href={`${ownerPaths.api}${roomApi.leadsCsv}?leads=${leadsOf}`}
      download
      className={quietButtonClass}
    >
      {label}
    </a>
  );

  return (
    <Section id="leads" heading={words.leads.heading}>
      <form onSubmit={find} className="flex flex-col gap-2">
        <FieldWithButton
          id={searchId}
          label={words.leads.search}
          submit={words.leads.searchButton}
          name="search"
          type="search"
          maxLength={maxLeadSearchLength}
          aria-describedby={`${searchId}-hint`}
        />
        <p id={`${searchId}-hint`} className="text-step--1 text-muted">
          {words.leads.searchHint}
        </p>
      </form>
      {problem && <Problem message={problem} />}
      <p aria-live="polite" className="text-muted">
        {leads === null
          ? ''
          : leads.length > 0
            ? words.leads.shown(leads.length)
            : search
              ? words.leads.noMatch(search)
              : words.leads.none}
      </p>
      {leads && leads.length > 0 && <LeadsTable leads={leads} />}
      <div className="flex flex-col gap-2">
        <div className="flex flex-wrap gap-3">
          {exportLink('subscribers', words.leads.exportSignUps)}
          {exportLink('contacts', words.leads.exportEnquiries)}
          {exportLink('sales', words.leads.exportSales)}
          {exportLink('attendees', words.leads.exportAttendees)}
          {exportLink('applications', words.leads.exportApplications)}
        </div>
        <p className="text-step--1 text-muted">{words.leads.exportHint}</p>
      </div>
    </Section>
  );
}

/** The leads, newest first: who, what they sent, where Kit has them, where they came from. */
function LeadsTable({ leads }: { leads: LatestLeads['leads'] }) {
  return (
    <RoomTable label={words.leads.heading}>
      <HeadRow
        columns={[
          words.leads.email,
          words.leads.name,
          words.leads.what,
          words.leads.status,
          words.leads.source,
          words.leads.page,
          words.leads.when,
        ]}
      />
      <tbody>
        {leads.map((lead) => (
          <tr key={lead.id} className="border-b border-line align-top">
            <th scope="row" className="py-2 pr-3 pl-4 text-left font-medium whitespace-nowrap">
              {lead.email}
            </th>
            <td className="py-2 pr-3 whitespace-nowrap">{lead.name ?? words.room.nobody}</td>
            <td className="py-2 pr-3 whitespace-nowrap">
              {lead.list ? words.leads.signUp(lead.list) : words.leads.enquiry}
            </td>
            <td className="py-2 pr-3 whitespace-nowrap">
              {lead.status ? words.leads.statuses[lead.status] : words.room.nobody}
            </td>
            <td className="py-2 pr-3 whitespace-nowrap">{lead.source ?? words.room.nobody}</td>
            <td className="py-2 pr-3 whitespace-nowrap">{lead.page ?? words.room.nobody}</td>
            <td className="py-2 pr-4 whitespace-nowrap">{when(lead.createdAt)}</td>
          </tr>
        ))}
      </tbody>
    </RoomTable>
  );
}
