import type { Transaction } from 'kysely';
import {
  workshopResendSchema,
  workshopSessionActionSchema,
} from '../../../../contracts/room/workshop';
import { ownerCommand } from '../../../commands/command';
import { callOffWaitingJobs } from '../../../db/outbox';
import type { Database } from '../../../db/schema';
import { audit } from '../../room';
import { attendeeRow } from '../attendees';
import { knownSession } from '../owner-data';
import { queueAttendeeEmails } from '../queue-emails';
import { cancelSession, ensureSession, markReplayQueued, sessionRow } from '../sessions';
import { unknownSession } from './attendees';
import type { Refused, WorkshopDeps } from './sessions';

/**
 * What the owner sends the attendees from the room or the terminal
 * (docs/decisions/032-workshop-delivered.md): a confirmation again, the news of a cancellation,
 * the replay. Each is queued in the outbox, which sends it once; each is written to the audit log.
 */

export type ActionDeps = WorkshopDeps & {
  /** Who, for the audit log: none from the terminal. */
  ownerId: string | null;
};

/** The attendees an email to the whole session goes to: paid, not refunded, not erased. */
async function confirmedAttendees(trx: Transaction<Database>, sessionId: string) {
  const rows = await trx
    .selectFrom('workshop_attendees')
    .select('id')
    .where('session_id', '=', sessionId)
    .where('status', '=', 'confirmed')
    .where('erased_at', 'is', null)
    .orderBy('id')
    .execute();
  return rows.map((row) => row.id);
}

/** One attendee's confirmation, with its invite, sent again (a lost email, a new address). */
export const workshopResendCommand = ownerCommand({
  input: workshopResendSchema,
  async run(
    { store, now, ownerId }: ActionDeps,
    { attendee: id },
  ): Promise<{ queued: number } | Refused> {
    const attendee = await attendeeRow(store, id);
    if (!attendee) return { refused: `No attendee has the id ${id}.`, status: 404 };
    if (attendee.erased_at !== null) {
      return { refused: 'This attendee was erased: there is no address to send to.', status: 409 };
    }
    if (attendee.status === 'refunded') {
      return { refused: 'This attendee was refunded: there is no place to confirm.', status: 409 };
    }
    // Held for review, or disputed: the joining link goes to nobody the owner has not confirmed,
    // nor to a buyer whose bank is taking the payment back (docs/decisions/034-selling-that-cannot-be-gamed.md).
    if (attendee.status === 'review') {
      return { refused: 'This payment is held for your review: confirm it first.', status: 409 };
    }
    if (attendee.dispute === 'open') {
      return {
        refused: 'This payment is disputed: nothing is sent until the dispute is settled.',
        status: 409,
      };
    }
    const session = await sessionRow(store, attendee.session_id);
    if (session?.cancelled_at) {
      return { refused: 'The session is cancelled: there is no place to confirm.', status: 409 };
    }
    const queued = await store.write((trx) =>
      queueAttendeeEmails(trx, 'workshop-confirmation', [id], now.toISOString()),
    );
    await audit(store, ownerId, 'workshop-resend', { attendee: id }, now.getTime());
    return { queued };
  },
});

/**
 * A session cancelled, once: the page stops selling it and each attendee is told, in one
 * transaction, their reminders called off. The owner refunds each payment in Stripe (the room
 * links each); the refunds then free the seats as any refund does.
 */
export const workshopCancelCommand = ownerCommand({
  input: workshopSessionActionSchema,
  async run({ store, published, now, ownerId }: ActionDeps, { session: id }) {
    const session = await knownSession(store, published, id);
    if (!session) return unknownSession(id);
    const at = now.toISOString();
    const queued = await store.write(async (trx) => {
      await ensureSession(trx, { id, start: session.start }, at);
      if (!(await cancelSession(trx, id, at))) return null;
      const attendees = await confirmedAttendees(trx, id);
      for (const kind of ['workshop-reminder-day', 'workshop-reminder-hour'] as const) {
        await callOffWaitingJobs(trx, kind, attendees);
      }
      return queueAttendeeEmails(trx, 'workshop-cancelled', attendees, at);
    });
    if (queued === null) {
      return { refused: 'The session was cancelled already.', status: 409 } satisfies Refused;
    }
    await audit(store, ownerId, 'workshop-cancel', { session: id, told: queued }, now.getTime());
    return { queued };
  },
});

/**
 * The replay link to each attendee, once the session has started and its replay link is entered:
 * once for the session, however often it is asked (a second ask is refused, saying so).
 */
export const workshopReplayCommand = ownerCommand({
  input: workshopSessionActionSchema,
  async run({ store, published, now, ownerId }: ActionDeps, { session: id }) {
    const session = await knownSession(store, published, id);
    if (!session) return unknownSession(id);
    const refused = (why: string): Refused => ({ refused: why, status: 409 });
    if (Date.parse(session.start) > now.getTime()) {
      return refused('The session has not started yet: the replay goes out after it.');
    }
    if (session.row?.cancelled_at) return refused('The session is cancelled.');
    if (!session.row?.replay_link) return refused('Enter the replay link first.');
    const at = now.toISOString();
    const queued = await store.write(async (trx) => {
      if (!(await markReplayQueued(trx, id, at))) return null;
      return queueAttendeeEmails(trx, 'workshop-replay', await confirmedAttendees(trx, id), at);
    });
    if (queued === null) return refused('The replay was sent already.');
    await audit(store, ownerId, 'workshop-replay', { session: id, sent: queued }, now.getTime());
    return { queued };
  },
});
