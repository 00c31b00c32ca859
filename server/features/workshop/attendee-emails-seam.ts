import type { Transaction } from 'kysely';
import { enqueue, enqueueOnce } from '../../db/outbox';
import type { Database } from '../../db/schema';

/**
 * SEAM: the room's stand-in for the emails' own queueing function (the workshop's senders), to
 * be replaced by it once it is committed. Queues one email of `kind` for each attendee: a
 * confirmation sent again is a new job each time the owner asks; a cancellation or the replay
 * is one per attendee, ever (its id names it), however often it is asked.
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
