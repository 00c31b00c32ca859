import type { Transaction } from 'kysely';
import { enqueue, enqueueOnce, moveWaitingJobs } from '../../db/outbox';
import type { Database } from '../../db/schema';
import type { MovedSession } from './sessions';

/**
 * The attendees' emails queued (docs/decisions/032-workshop-delivered.md), each in the caller's
 * transaction: what the room asks for (a confirmation again, the replay, a cancellation) and
 * what a session's new start means (an email and an updated invite, the reminders moved).
 */

/**
 * One email of `kind` for each attendee named: a confirmation sent again is a new job each time
 * the owner asks; a cancellation or the replay is one per attendee ever (its id names it),
 * however often it is asked. Answers how many it was asked for.
 */
export async function queueAttendeeEmails(
  trx: Transaction<Database>,
  kind: 'workshop-confirmation' | 'workshop-cancelled' | 'workshop-replay',
  attendeeIds: readonly string[],
  now: string,
): Promise<number> {
  for (const id of attendeeIds) {
    if (kind === 'workshop-confirmation') await enqueue(trx, id, [kind], now);
    else await enqueueOnce(trx, { id: `${kind}:${id}`, kind, leadId: id, now, dueAt: now });
  }
  return attendeeIds.length;
}

/**
 * The reminders: how long before the start each is due, and until how long before it it is still
 * true enough to send ("tomorrow" until half a day before; "in an hour" until the start).
 */
export const reminderTimes = {
  'workshop-reminder-day': { before: 24 * 3_600_000, notAfter: 12 * 3_600_000 },
  'workshop-reminder-hour': { before: 3_600_000, notAfter: 0 },
} as const;

export type ReminderKind = keyof typeof reminderTimes;
const reminders = Object.entries(reminderTimes).map(([kind, { before }]) => ({
  kind: kind as ReminderKind,
  before,
}));

/**
 * A reminder's job id: the first is named by the attendee alone (as the payment queues it); one
 * queued again for a session's new start names the start's sequence too, so each start has one.
 */
export const reminderId = (kind: ReminderKind, attendeeId: string, sequence: number) =>
  sequence === 0 ? `${kind}:${attendeeId}` : `${kind}:${attendeeId}:${sequence}`;

/** A new time's job id: the attendee, the start's sequence, and the start the email says it left. */
const rescheduledId = (attendeeId: string, sequence: number, from: string) =>
  `workshop-rescheduled:${attendeeId}:${sequence}:${from}`;

/** What a new time's job id says: the sequence it tells of and the start before. */
export function rescheduledOf(jobId: string): { sequence: number; from: string } | null {
  const [, sequence, from] = /^workshop-rescheduled:[^:]+:(\d+):(.+)$/.exec(jobId) ?? [];
  return sequence && from && !Number.isNaN(Date.parse(from))
    ? { sequence: Number(sequence), from }
    : null;
}

/**
 * For each session the content moved, each confirmed attendee is told once per move (an email
 * and the updated invite: same UID, the raised sequence), and their waiting reminders move with
 * the start; a reminder already sent, or never queued, is queued anew when its time is still
 * ahead. An attendee not yet told of an earlier move is told from the start they last knew.
 */
export async function tellMovedSessions(
  trx: Transaction<Database>,
  moved: readonly MovedSession[],
  now: string,
): Promise<number> {
  let told = 0;
  for (const session of moved) {
    const attendees = await trx
      .selectFrom('workshop_attendees')
      .select('id')
      .where('session_id', '=', session.id)
      .where('status', '=', 'confirmed')
      .where('erased_at', 'is', null)
      .execute();
    for (const { id } of attendees) {
      const from = (await untoldStart(trx, id)) ?? session.from;
      await enqueueOnce(trx, {
        id: rescheduledId(id, session.sequence, from),
        kind: 'workshop-rescheduled',
        leadId: id,
        now,
        dueAt: now,
      });
      await moveReminders(trx, id, session, now);
      told++;
    }
  }
  return told;
}

/** The start an attendee last heard of, when a new time's email to them still waits. */
async function untoldStart(trx: Transaction<Database>, attendeeId: string): Promise<string | null> {
  const waiting = await trx
    .selectFrom('outbox_jobs')
    .select('id')
    .where('kind', '=', 'workshop-rescheduled')
    .where('lead_id', '=', attendeeId)
    .where('status', '=', 'pending')
    .execute();
  const told = waiting
    .map(({ id }) => rescheduledOf(id))
    .filter((move) => move !== null)
    .sort((a, b) => a.sequence - b.sequence);
  return told[0]?.from ?? null;
}

async function moveReminders(
  trx: Transaction<Database>,
  attendeeId: string,
  session: MovedSession,
  now: string,
): Promise<void> {
  for (const { kind, before } of reminders) {
    const due = Date.parse(session.to) - before;
    const waiting = await trx
      .selectFrom('outbox_jobs')
      .select('id')
      .where('kind', '=', kind)
      .where('lead_id', '=', attendeeId)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    // Past its time already: at once, and the job itself says whether it is still true.
    const at = new Date(Math.max(due, Date.parse(now))).toISOString();
    if (waiting) await moveWaitingJobs(trx, kind, attendeeId, at);
    else if (due > Date.parse(now)) {
      await enqueueOnce(trx, {
        id: reminderId(kind, attendeeId, session.sequence),
        kind,
        leadId: attendeeId,
        now,
        dueAt: at,
      });
    }
  }
}
