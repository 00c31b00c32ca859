import {
  type WorkshopAttendees,
  type WorkshopHolds,
  workshopSessionQuerySchema,
} from '../../../../contracts/room/workshop';
import { ownerCommand } from '../../../commands/command';
import { toCsv } from '../../../commands/csv';
import {
  attendeeExportColumns,
  attendeeExportRow,
  knownSession,
  sessionAttendees,
  sessionHolds,
} from '../owner-data';
import type { Refused, WorkshopDeps } from './sessions';

const unknownSession = (id: string): Refused => ({
  refused: `No session is named ${id}: neither the published content nor the database knows it.`,
  status: 404,
});

/**
 * A session's attendees, the first to pay first: who they are, where they came from, what they
 * paid and had refunded, the emails they were sent and their payment in Stripe's dashboard.
 */
export const workshopAttendeesCommand = ownerCommand({
  input: workshopSessionQuerySchema,
  async run(
    { store, published }: Omit<WorkshopDeps, 'now'>,
    { session },
  ): Promise<WorkshopAttendees | Refused> {
    if (!(await knownSession(store, published, session))) return unknownSession(session);
    return { session, attendees: await sessionAttendees(store, session) };
  },
});

/** A session's attendees as CSV: a spreadsheet opens it safely (server/commands/csv.ts). */
export const attendeesCsv = ({ session, attendees }: WorkshopAttendees): string =>
  toCsv(
    attendeeExportColumns,
    attendees.map((attendee) => attendeeExportRow(session, attendee)),
  );

/** A session's seats held by checkouts still open, by client (a hash's start, never an address). */
export const workshopHoldsCommand = ownerCommand({
  input: workshopSessionQuerySchema,
  async run(
    { store, published, now }: WorkshopDeps,
    { session },
  ): Promise<WorkshopHolds | Refused> {
    if (!(await knownSession(store, published, session))) return unknownSession(session);
    return sessionHolds(store, session, now);
  },
});

export { unknownSession };
