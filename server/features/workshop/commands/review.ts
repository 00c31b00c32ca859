import { workshopConfirmSchema } from '../../../../contracts/room/workshop';
import { ownerCommand } from '../../../commands/command';
import { audit } from '../../room';
import { attendeeRow, confirmAttendee } from '../attendees';
import { type JobsForAttendee, queueJobs } from '../fulfil';
import { takeHold } from '../seats';
import { sessionRow } from '../sessions';
import type { ActionDeps } from './emails';
import type { Refused } from './sessions';

/**
 * An attendee held for review (docs/decisions/034-selling-that-cannot-be-gamed.md) confirmed by
 * the owner, who has looked at the payment in Stripe and keeps it: from then on a buyer like any
 * other, in one transaction: the seat taken (its hold's, which waited for this), the
 * confirmation with the joining link, Kit's purchase and tag, and the reminders still ahead.
 */
export const workshopConfirmCommand = ownerCommand({
  input: workshopConfirmSchema,
  async run(
    {
      store,
      now,
      ownerId,
      jobsForAttendee,
    }: ActionDeps & {
      /** The attendees' jobs the server sends (server/outbox/forwarding.ts). */
      jobsForAttendee: JobsForAttendee;
    },
    { attendee: id },
  ): Promise<{ queued: number } | Refused> {
    const refused = (why: string): Refused => ({ refused: why, status: 409 });
    const attendee = await attendeeRow(store, id);
    if (!attendee) return { refused: `No attendee has the id ${id}.`, status: 404 };
    if (attendee.status !== 'review') {
      return refused(
        'This attendee is not waiting for you: only a payment held for review is confirmed.',
      );
    }
    if (attendee.dispute === 'open') {
      return refused('Its payment is disputed: confirm it once the dispute is settled in Stripe.');
    }
    const session = await sessionRow(store, attendee.session_id);
    if (session?.cancelled_at) return refused('The session is cancelled: refund the payment.');
    const at = now.toISOString();
    const queued = await store.write(async (trx) => {
      const confirmed = await confirmAttendee(trx, id, at);
      if (!confirmed) return null;
      if (confirmed.hold_id) await takeHold(trx, { checkoutSession: id, hold: confirmed.hold_id });
      const start = (await sessionRow({ db: trx }, confirmed.session_id))?.start;
      return start ? queueJobs(trx, confirmed, start, at, { jobsForAttendee }) : [];
    });
    if (queued === null) return refused('This attendee was confirmed already.');
    await audit(store, ownerId, 'workshop-confirm', { attendee: id }, now.getTime());
    return { queued: queued.length };
  },
});
