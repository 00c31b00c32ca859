import ical, {
  ICalAttendeeRole,
  ICalAttendeeStatus,
  ICalCalendarMethod,
  ICalEventStatus,
  type ICalTZDateStub,
} from 'ical-generator';
import { tzlib_get_ical_block } from 'timezones-ical-library';
import type { Mailbox } from '../../env';

/**
 * The calendar invite an attendee's emails carry (RFC 5545, sent as RFC 5546's REQUEST or
 * CANCEL; docs/decisions/032-workshop-delivered.md): made with ical-generator, its Europe/London
 * VTIMEZONE from timezones-ical-library, so a calendar shows the UK start in any zone.
 */

export const ukTimeZone = 'Europe/London';

/** How long a session lasts: the content gives no end, and the workshop runs two hours. */
export const sessionLengthMs = 2 * 60 * 60_000;

export interface Invite {
  /** Stable per attendee and session (inviteUid): a later invite updates the same entry. */
  uid: string;
  /** workshop_sessions.sequence: raised by each new start, so calendars take the newer. */
  sequence: number;
  /** A cancelled session's invite takes the entry off the calendar. */
  cancelled: boolean;
  /** The session's start (ISO). */
  start: string;
  title: string;
  description: string;
  /** The joining link, where the entry's place and address are; null until the owner enters it. */
  joiningLink: string | null;
  organizer: Mailbox;
  attendee: { name: string | null; email: string };
  /** When the invite is made (DTSTAMP). */
  stamp: string;
  /** The site's host, naming the calendar's maker. */
  siteHost: string;
}

/** One attendee's entry for one session: the same UID whatever the session's start becomes. */
export const inviteUid = (attendeeId: string, sessionId: string, siteHost: string) =>
  `${attendeeId}.${sessionId}@${siteHost}`;

/** The invite as iCalendar text, and the method its email part declares. */
export function inviteIcs(invite: Invite): { method: 'REQUEST' | 'CANCEL'; ics: string } {
  const method = invite.cancelled ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST;
  const calendar = ical({
    prodId: { company: invite.siteHost, product: 'workshop', language: 'EN' },
    method,
    // No calendar-wide zone (its stamp stays UTC), but the event's zone gets its VTIMEZONE.
    timezone: { name: null, generator: (zone) => tzlib_get_ical_block(zone)[0] ?? null },
  });
  const start = Date.parse(invite.start);
  calendar.createEvent({
    id: invite.uid,
    // RFC 5546 asks a cancellation to raise the sequence over the invite it calls off.
    sequence: invite.sequence + (invite.cancelled ? 1 : 0),
    stamp: new Date(invite.stamp),
    start: new ZonedInstant(start),
    end: new ZonedInstant(start + sessionLengthMs),
    timezone: ukTimeZone,
    summary: invite.title,
    description: invite.description,
    ...(invite.joiningLink ? { location: invite.joiningLink, url: invite.joiningLink } : {}),
    status: invite.cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    organizer: {
      name: parameterText(invite.organizer.name ?? invite.organizer.address),
      email: invite.organizer.address,
    },
    attendees: [
      {
        email: invite.attendee.email,
        ...(invite.attendee.name ? { name: parameterText(invite.attendee.name) } : {}),
        role: ICalAttendeeRole.REQ,
        status: ICalAttendeeStatus.ACCEPTED,
        rsvp: false,
      },
    ],
  });
  return { method, ics: calendar.toString() };
}

/**
 * A name as a property's parameter (CN) can hold it: RFC 5545 lets a quoted parameter hold no
 * double quote and no control character, and ical-generator passes them on, which would end the
 * name early and leave the rest to be read as the address.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point.
const parameterText = (name: string) => name.replace(/["\u0000-\u001f\u007f]+/g, ' ').trim();

/** Google Calendar's "add an event" address for the session, in UTC. */
export function googleCalendarLink(entry: {
  title: string;
  start: string;
  description: string;
  joiningLink: string | null;
}): string {
  const start = Date.parse(entry.start);
  const stamp = (at: number) => new Date(at).toISOString().replace(/[-:]|\.\d{3}/g, '');
  const query = new URLSearchParams({
    action: 'TEMPLATE',
    text: entry.title,
    dates: `${stamp(start)}/${stamp(start + sessionLengthMs)}`,
    details: entry.description,
    ...(entry.joiningLink ? { location: entry.joiningLink } : {}),
  });
  return `https://calendar.google.com/calendar/render?${query}`;
}

/**
 * An instant that ical-generator writes as the wall-clock time of the zone it is asked for: its
 * duck type of @date-fns/tz's TZDate (a Date with `withTimeZone`). A plain Date would be written
 * in the server process's own zone, which need not be the UK's.
 */
class ZonedInstant extends Date implements ICalTZDateStub {
  readonly internal = new Date(this.getTime());

  withTimeZone(zone?: string | null): ICalTZDateStub {
    const parts = Object.fromEntries(
      new Intl.DateTimeFormat('en-GB', {
        timeZone: zone ?? 'UTC',
        hourCycle: 'h23',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
        second: 'numeric',
      })
        .formatToParts(this)
        .map(({ type, value }) => [type, Number(value)]),
    ) as Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', number>;
    const wall = new Date(
      Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second),
    );
    // ical-generator reads the local fields: here they are the zone's wall clock.
    return Object.assign(new ZonedInstant(this.getTime()), {
      getFullYear: () => wall.getUTCFullYear(),
      getMonth: () => wall.getUTCMonth(),
      getDate: () => wall.getUTCDate(),
      getHours: () => wall.getUTCHours(),
      getMinutes: () => wall.getUTCMinutes(),
      getSeconds: () => wall.getUTCSeconds(),
    });
  }

  tzComponents(): undefined {
    return undefined;
  }
}
