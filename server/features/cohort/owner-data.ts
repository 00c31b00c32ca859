import { defaultRetentionMonths } from '../../../contracts/content/cohort';
import type { CohortSlice } from '../../../contracts/render-slices/cohort';
import {
  type AnswerValue,
  type ApplicationDetail,
  type ApplicationEvent,
  type ApplicationOffer,
  type ApplicationStatus,
  type ApplicationSummary,
  type ApplicationsAnswer,
  answerValue,
  applicationStatuses,
  applicationsPageSize,
  type QuestionAnswer,
  type Resubmission,
} from '../../../contracts/room/cohort';
import type { CohortApplicationEventTable, CohortApplicationTable } from '../../db/schema';
import type { Store } from '../../db/store';
import { confirmWindowMs } from './confirm-links';
import { intakeSeats, lastOffers, type SeatedIntake } from './owner-offers';

/**
 * What the owner reads of the applications (the room's Applications view and
 * `npm run leads -- applications`, docs/decisions/033-cohort-applications.md): the list, one
 * application with its answers under the served content's questions, its history and its private
 * notes, and the export. Reads only: applications.ts is the tables' one writer.
 */

/** A question of the application form the site serves: what the owner reads its answer under. */
export interface ApplicationQuestion {
  id: string;
  label: string;
}

/** The questions of the form the site serves; none while its content has no application form. */
export const applicationQuestionsOf = (
  cohort: CohortSlice | null,
): readonly ApplicationQuestion[] => cohort?.questions ?? [];

/**
 * The months the served content keeps an application after its decision (the privacy notice
 * says them); the content's default for a site whose content has no application form, which may
 * still hold applications from when it had one.
 */
export const applicationRetentionOf = (cohort: CohortSlice | null): number =>
  cohort?.retentionMonths ?? defaultRetentionMonths;

/**
 * A page of the applications, newest first, of one status or all, with each status's count,
 * each one's last offer as it stands at `now`, and the seats of the intakes still to start.
 */
export async function applicationsPage(
  store: Store,
  {
    status,
    page,
    intakes,
    now,
  }: { status?: ApplicationStatus; page: number; intakes: readonly SeatedIntake[]; now: Date },
): Promise<ApplicationsAnswer> {
  const [rows, byStatus, seats] = await Promise.all([
    store.db
      .selectFrom('cohort_applications')
      .selectAll()
      .$if(status !== undefined, (qb) => qb.where('status', '=', status ?? 'new'))
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(applicationsPageSize)
      .offset((page - 1) * applicationsPageSize)
      .execute(),
    store.db
      .selectFrom('cohort_applications')
      .select((eb) => ['status', eb.fn.countAll<number | string>().as('count')])
      .groupBy('status')
      .execute(),
    intakeSeats(store, intakes, now),
  ]);
  const ids = rows.map((row) => row.id);
  const [offers, resubmissions] = await Promise.all([
    lastOffers(store, ids, now),
    resubmissionCounts(store, ids, now),
  ]);
  const counts = Object.fromEntries(applicationStatuses.map((each) => [each, 0])) as Record<
    ApplicationStatus,
    number
  >;
  for (const row of byStatus) counts[row.status] = Number(row.count);
  const total = status
    ? counts[status]
    : Object.values(counts).reduce((sum, each) => sum + each, 0);
  return {
    intakes: seats,
    applications: rows.map((row) =>
      summaryOf(row, offers.get(row.id) ?? null, resubmissions.get(row.id)),
    ),
    total,
    page,
    pageSize: applicationsPageSize,
    counts,
  };
}

type ResubmissionCounts = ApplicationSummary['resubmitted'];

/**
 * Of each application, its resubmissions still waiting for their link (within its window at
 * `now`) and those confirmed after its decision and kept beside it.
 */
async function resubmissionCounts(
  store: Store,
  ids: readonly string[],
  now: Date,
): Promise<Map<string, ResubmissionCounts>> {
  if (ids.length === 0) return new Map();
  const openSince = new Date(now.getTime() - confirmWindowMs).toISOString();
  const rows = await store.db
    .selectFrom('cohort_resubmissions')
    .select(['application_id', 'status', 'created_at'])
    .where('application_id', 'in', ids)
    .where('status', '!=', 'replaced')
    .execute();
  const counts = new Map<string, ResubmissionCounts>();
  for (const row of rows) {
    const each = counts.get(row.application_id) ?? { unconfirmed: 0, kept: 0 };
    if (row.status === 'kept') each.kept += 1;
    else if (row.created_at > openSince) each.unconfirmed += 1;
    counts.set(row.application_id, each);
  }
  return counts;
}

function summaryOf(
  row: CohortApplicationTable,
  offer: ApplicationOffer | null,
  resubmissions: ResubmissionCounts = { unconfirmed: 0, kept: 0 },
): ApplicationSummary {
  return {
    id: row.id,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    intake: row.intake,
    status: row.status,
    name: row.name,
    email: row.email,
    erased: row.erased_at !== null,
    source: row.source,
    page: row.page,
    variant: row.variant,
    offer,
    resubmitted: resubmissions,
  };
}

/** A JSON column's object, or none for what is not one (a blanked detail, a hand-edited row). */
function objectOf(json: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(json);
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

/** An answer as stored, or its text when it is not one the form makes. */
const storedAnswer = (value: unknown): AnswerValue => {
  const parsed = answerValue.safeParse(value);
  return parsed.success ? parsed.data : JSON.stringify(value);
};

/**
 * Answers by question id as the owner reads them: every question the served content asks, in its
 * order (null where the application has no answer), then the answers to questions no longer in
 * the content, under their ids.
 */
export function answersOf(
  stored: Record<string, unknown>,
  questions: readonly ApplicationQuestion[],
): QuestionAnswer[] {
  const asked = new Set(questions.map((question) => question.id));
  return [
    ...questions.map((question) => ({
      id: question.id,
      label: question.label,
      asked: true,
      value: question.id in stored ? storedAnswer(stored[question.id]) : null,
    })),
    ...Object.entries(stored)
      .filter(([id]) => !asked.has(id))
      .map(([id, value]) => ({ id, label: id, asked: false, value: storedAnswer(value) })),
  ];
}

type EventRow = Pick<CohortApplicationEventTable, 'at' | 'kind' | 'detail'> & {
  owner: string | null;
};

/** An event as the history shows it; a note is not history (the notes list has it). */
function eventOf(
  row: EventRow,
  questions: readonly ApplicationQuestion[],
): ApplicationEvent | null {
  const detail = objectOf(row.detail);
  switch (row.kind) {
    case 'submitted':
      return { kind: 'submitted', at: row.at };
    case 'updated': {
      const before = detail.answers;
      const answers =
        before !== null && typeof before === 'object' && !Array.isArray(before)
          ? (before as Record<string, unknown>)
          : {};
      return { kind: 'updated', at: row.at, before: answersOf(answers, questions) };
    }
    case 'status': {
      const status = (value: unknown): ApplicationStatus =>
        applicationStatuses.find((each) => each === value) ?? 'new';
      return {
        kind: 'status',
        at: row.at,
        owner: row.owner,
        from: status(detail.from),
        to: status(detail.to),
      };
    }
    default:
      return null;
  }
}

/**
 * One application with its answers under the served content's questions, its history oldest
 * first, and the owner's private notes; undefined for an id the store does not hold.
 */
export async function applicationDetail(
  store: Store,
  id: string,
  questions: readonly ApplicationQuestion[],
  now: Date,
): Promise<ApplicationDetail | undefined> {
  const row = await store.db
    .selectFrom('cohort_applications')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) return undefined;
  const [events, offers, resubmissions] = await Promise.all([
    store.db
      .selectFrom('cohort_application_events')
      .leftJoin('owners', 'owners.id', 'cohort_application_events.owner_id')
      .select([
        'cohort_application_events.at',
        'cohort_application_events.kind',
        'cohort_application_events.detail',
        'owners.name as owner',
      ])
      .where('cohort_application_events.application_id', '=', id)
      .orderBy('cohort_application_events.at')
      .orderBy('cohort_application_events.id')
      .execute(),
    lastOffers(store, [id], now),
    resubmissionsOf(store, id, questions, now),
  ]);
  const notes = events.flatMap((event) => {
    const { text } = objectOf(event.detail);
    // An erased application's notes are blanked: nothing is left to show.
    return event.kind === 'note' && typeof text === 'string'
      ? [{ at: event.at, owner: event.owner, text }]
      : [];
  });
  const counts = {
    unconfirmed: resubmissions.filter((each) => each.state === 'unconfirmed').length,
    kept: resubmissions.filter((each) => each.state === 'kept').length,
  };
  return {
    ...summaryOf(row, offers.get(id) ?? null, counts),
    decidedAt: row.decided_at,
    host: row.host,
    experiment: row.experiment,
    verified: row.verified === 1,
    answers: answersOf(objectOf(row.answers), questions),
    history: events.flatMap((event) => eventOf(event, questions) ?? []),
    notes,
    resubmissions,
  };
}

/**
 * The resubmissions beside an application, newest first, their answers under the served
 * questions: what their senders typed, shown as theirs, never as the applicant's.
 */
async function resubmissionsOf(
  store: Store,
  id: string,
  questions: readonly ApplicationQuestion[],
  now: Date,
): Promise<Resubmission[]> {
  const rows = await store.db
    .selectFrom('cohort_resubmissions')
    .select(['name', 'answers', 'status', 'created_at', 'confirmed_at'])
    .where('application_id', '=', id)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map((row) => ({
    at: row.created_at,
    state:
      row.status === 'unconfirmed' && Date.parse(row.created_at) + confirmWindowMs <= now.getTime()
        ? 'expired'
        : row.status,
    confirmedAt: row.confirmed_at,
    name: row.name,
    answers: answersOf(objectOf(row.answers), questions),
  }));
}

/** The columns of the applications as CSV, in order (also its header). */
export const applicationExportColumns = [
  'id',
  'created_at',
  'updated_at',
  'intake',
  'status',
  'decided_at',
  'name',
  'email',
  'answers',
  'host',
  'page',
  'source',
  'experiment',
  'variant',
  'verified',
  'erased',
] as const;

/**
 * Every application, the first to arrive first (those since `since` when given), as
 * `npm run leads -- export applications` and the room's Leads view export them: the answers as
 * JSON by question id, as the form sent them. The private notes stay in the room.
 */
export async function exportApplications(store: Store, { since }: { since?: Date }) {
  const rows = await store.db
    .selectFrom('cohort_applications')
    .selectAll()
    .$if(since !== undefined, (qb) => qb.where('created_at', '>=', since?.toISOString() ?? ''))
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map(
    (row): Record<(typeof applicationExportColumns)[number], string | number | null> => ({
      id: row.id,
      created_at: row.created_at,
      updated_at: row.updated_at,
      intake: row.intake,
      status: row.status,
      decided_at: row.decided_at,
      name: row.name,
      email: row.email,
      answers: row.erased_at === null ? row.answers : null,
      host: row.host,
      page: row.page,
      source: row.source,
      experiment: row.experiment,
      variant: row.variant,
      verified: row.verified,
      erased: row.erased_at === null ? 0 : 1,
    }),
  );
}
