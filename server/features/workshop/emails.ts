import type { z } from 'zod';
import type { workshopDelivery } from '../../../contracts/content/workshop';
import type { Mailbox } from '../../env';
import type { AttendeeMessage } from '../../providers/attendee-mail';
import { type EmailValues, emailHtml, fillWords } from '../../providers/email-words';
import { googleCalendarLink, inviteIcs, inviteUid, ukTimeZone } from './invite';

/**
 * The emails an attendee gets (docs/decisions/032-workshop-delivered.md): the words are the
 * content's (`delivery.emails` of content/workshop.yaml), filled for the attendee and the session
 * as it stands when the email goes; a plain text and a simple HTML alternative of the same words,
 * and for the confirmation, a new time and a cancellation, the calendar invite.
 */

export type WorkshopEmailWords = z.output<typeof workshopDelivery>['emails'];

export type AttendeeEmailKind =
  | 'workshop-confirmation'
  | 'workshop-reminder-day'
  | 'workshop-reminder-hour'
  | 'workshop-replay'
  | 'workshop-rescheduled'
  | 'workshop-cancelled';

/** Each kind's words in the content. */
const wordsOf = {
  'workshop-confirmation': 'confirmation',
  'workshop-reminder-day': 'reminderDay',
  'workshop-reminder-hour': 'reminderHour',
  'workshop-replay': 'replay',
  'workshop-rescheduled': 'rescheduled',
  'workshop-cancelled': 'cancelled',
} as const satisfies Record<AttendeeEmailKind, keyof WorkshopEmailWords>;

/** The kinds whose email carries the invite: a new entry, its new time, or its removal. */
const withInvite = new Set<AttendeeEmailKind>([
  'workshop-confirmation',
  'workshop-rescheduled',
  'workshop-cancelled',
]);

export interface AttendeeEmailFacts {
  kind: AttendeeEmailKind;
  words: WorkshopEmailWords;
  attendee: { id: string; name: string | null; email: string };
  session: {
    id: string;
    start: string;
    sequence: number;
    joiningLink: string | null;
    replayLink: string | null;
    cancelled: boolean;
  };
  /** The start before the move a new time's email tells of. */
  previousStart?: string;
  organizer: Mailbox;
  siteHost: string;
  now: number;
}

/** The session's day as the emails say it, in the UK: "Thursday 10 December 2026". */
export const ukDate = (at: string) =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone: ukTimeZone,
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).format(Date.parse(at));

/** The session's time as the emails say it, in the UK: "18:00". */
export const ukTime = (at: string) =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone: ukTimeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(Date.parse(at));

/** One email to one attendee, made from the content's words. */
export function attendeeEmail(facts: AttendeeEmailFacts): AttendeeMessage {
  const { kind, words, attendee, session } = facts;
  // A line naming a link the session has not yet is left out (fillWords); the reminders, which
  // need it, wait for it (server/features/workshop/jobs.ts).
  const values: EmailValues = {
    // A buyer whose name Stripe did not give is greeted by their address.
    name: attendee.name ?? attendee.email,
    workshopDate: ukDate(session.start),
    workshopTime: ukTime(session.start),
    joiningLink: session.joiningLink,
    replayLink: session.replayLink,
    previousDate: facts.previousStart ? ukDate(facts.previousStart) : null,
  };
  const { subject, body } = words[wordsOf[kind]];
  const title = fillWords(words.invite.title, values);
  const description = fillWords(words.invite.description, values);
  const calendar =
    kind === 'workshop-confirmation'
      ? {
          label: words.confirmation.addToCalendar,
          href: googleCalendarLink({
            title,
            start: session.start,
            description,
            joiningLink: session.joiningLink,
          }),
        }
      : null;
  const text = fillWords(body, values);
  const links = [session.joiningLink, session.replayLink].filter((link) => link !== null);
  return {
    to: { name: attendee.name, address: attendee.email },
    subject: fillWords(subject, values),
    text: calendar ? `${text}\n\n${calendar.label}: ${calendar.href}` : text,
    html: emailHtml(text, links, calendar),
    ...(withInvite.has(kind)
      ? {
          invite: inviteIcs({
            uid: inviteUid(attendee.id, session.id, facts.siteHost),
            sequence: session.sequence,
            cancelled: kind === 'workshop-cancelled',
            start: session.start,
            title,
            description,
            joiningLink: session.joiningLink,
            organizer: facts.organizer,
            attendee: { name: attendee.name, email: attendee.email },
            stamp: new Date(facts.now).toISOString(),
            siteHost: facts.siteHost,
          }),
        }
      : {}),
  };
}
