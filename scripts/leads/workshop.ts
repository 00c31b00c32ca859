import { formatMinorUnits } from '../../contracts/money';
import {
  holdsFarExceedSales,
  type WorkshopAnswer,
  type WorkshopAttendees,
  type WorkshopHolds,
  workshopWarningWords,
} from '../../contracts/room/workshop';
import { cell, tableLines } from './table';

/**
 * `workshop` as the terminal prints it: what the room's Workshop view shows
 * (src/owner/workshop-view.tsx), read from the same commands' answers. The private links are
 * said to be entered, never printed: the JSON format has them, for the owner who asks.
 */

const none = '–';

/** Money by currency in its smallest unit, as "£88.00" or "88.00 USD". */
export function moneyText(amounts: Readonly<Record<string, number>>): string {
  const entries = Object.entries(amounts);
  if (entries.length === 0) return none;
  return entries.map(([currency, amount]) => formatMinorUnits(amount, currency)).join(' + ');
}

const entered = (link: string | null) => (link ? 'entered' : none);

/** Each session: its seats, revenue, state and links. */
export function sessionsText({ seatsEnforced, buyersApart, sessions }: WorkshopAnswer): string {
  const notice = [
    ...(seatsEnforced
      ? []
      : ['Seats are not enforced: STRIPE_SECRET_KEY is not set, checkout uses the Payment Links.']),
    ...(buyersApart ? [] : [workshopWarningWords.capsOff]),
    ...sessions
      .filter((session) => holdsFarExceedSales(session.checkoutsLastDay))
      .map((session) => workshopWarningWords.holdsWarning(session.id, session.checkoutsLastDay)),
  ];
  if (sessions.length === 0) return [...notice, 'No workshop session yet.', ''].join('\n');
  const rows = sessions.map((session) => [
    session.id,
    session.start,
    session.seats === null ? none : String(session.seats),
    String(session.sold),
    String(session.held),
    session.left === null ? none : String(session.left),
    String(session.refunded),
    moneyText(session.revenue),
    String(session.mismatches),
    session.cancelledAt
      ? `cancelled ${session.cancelledAt}`
      : session.started
        ? 'started'
        : 'ahead',
    entered(session.joiningLink),
    session.replayQueuedAt ? 'sent' : entered(session.replayLink),
  ]);
  const header = [
    'session',
    'start',
    'seats',
    'sold',
    'held',
    'left',
    'refunded',
    'revenue',
    'mismatches',
    'state',
    'joining link',
    'replay',
  ];
  return [...notice, ...tableLines(header, rows, { left: [0, 1, 9, 10, 11] }), ''].join('\n');
}

/** A session's attendees, one a row: who, where from, what they paid and the emails sent. */
export function attendeesText({ session, attendees }: WorkshopAttendees): string {
  if (attendees.length === 0) return `No attendee of ${session} yet.\n`;
  const rows = attendees.map((attendee) => [
    attendee.id,
    attendee.erased ? '(erased)' : cell(attendee.name ?? none, 40),
    attendee.erased ? none : cell(attendee.email ?? none, 60),
    attendee.status,
    cell(attendee.source ?? none, 30),
    cell(attendee.variant ?? none, 30),
    moneyText({ [attendee.currency]: attendee.amount }),
    attendee.refunded > 0 ? moneyText({ [attendee.currency]: attendee.refunded }) : none,
    attendee.mismatch ? 'differs from the price' : none,
    attendee.emails.map((email) => `${email.kind}:${email.status}`).join(' ') || none,
    attendee.payment ?? none,
  ]);
  const header = [
    'attendee',
    'name',
    'email',
    'status',
    'source',
    'variant',
    'paid',
    'refunded',
    'mismatch',
    'emails',
    'payment (refund it there)',
  ];
  return [...tableLines(header, rows, { left: [0, 1, 2, 3, 4, 5, 8, 9, 10] }), ''].join('\n');
}

/** A session's open holds by client hash. */
export function holdsText({ session, open, clients }: WorkshopHolds): string {
  if (open === 0) return `No seat of ${session} is held by an open checkout.\n`;
  return [
    `${open} seat(s) of ${session} held by open checkouts:`,
    ...tableLines(
      ['client (hash)', 'holds'],
      clients.map((client) => [client.client, String(client.holds)]),
    ),
    '',
  ].join('\n');
}
