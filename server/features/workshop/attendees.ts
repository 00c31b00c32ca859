import { createHash } from 'node:crypto';
import type { Transaction } from 'kysely';
import { dropJobsOf } from '../../db/outbox';
import type { Database, WorkshopAttendeeTable, WorkshopDisputeState } from '../../db/schema';
import type { Store } from '../../db/store';

/**
 * The workshop's attendees (docs/decisions/032-workshop-delivered.md, "Fulfilment"): the one
 * writer of workshop_attendees. One attendee per paid Checkout Session, its id the session's, so
 * that however many events about a payment arrive, and however they race, one row is made.
 */

export type WorkshopAttendee = WorkshopAttendeeTable;

/** Adds the attendee unless the Checkout Session made one already: true when this call made it. */
export async function addAttendee(
  trx: Transaction<Database>,
  attendee: WorkshopAttendee,
): Promise<boolean> {
  const added = await trx
    .insertInto('workshop_attendees')
    .values(attendee)
    .onConflict((conflict) => conflict.column('id').doNothing())
    .returning('id')
    .executeTakeFirst();
  return added !== undefined;
}

/**
 * A payment refunded in full (`refunded`, the running total over its charges, covers what was
 * paid): its confirmed attendee, or one held for review, becomes refunded, once. Answers the
 * attendee so refunded, for the seat its hold gives back; none when there was nothing to change
 * (a partial refund, one seen before, a payment that made no attendee).
 */
export async function refundAttendee(
  trx: Transaction<Database>,
  paymentIntent: string,
  refunded: number,
  now: string,
): Promise<Pick<WorkshopAttendee, 'id' | 'hold_id'> | undefined> {
  return trx
    .updateTable('workshop_attendees')
    .set({ status: 'refunded', refunded_at: now })
    .where('payment_intent', '=', paymentIntent)
    .where('status', 'in', ['confirmed', 'review'])
    .where('amount', '<=', refunded)
    .returning(['id', 'hold_id'])
    .executeTakeFirst();
}

/**
 * A dispute of the payment (docs/decisions/034-selling-that-cannot-be-gamed.md): `open` marks the
 * attendee, whose jobs then send nothing; `won` lifts it; `lost` leaves the attendee out as a
 * refund does (refunded, once). Answers the attendee a lost dispute took out, for its seat.
 */
export async function disputeAttendee(
  trx: Transaction<Database>,
  paymentIntent: string,
  state: WorkshopDisputeState,
  now: string,
): Promise<Pick<WorkshopAttendee, 'id' | 'hold_id'> | undefined> {
  await trx
    .updateTable('workshop_attendees')
    .set(state === 'open' ? { dispute: state, disputed_at: now } : { dispute: state })
    .where('payment_intent', '=', paymentIntent)
    .execute();
  if (state !== 'lost') return undefined;
  return trx
    .updateTable('workshop_attendees')
    .set({ status: 'refunded', refunded_at: now })
    .where('payment_intent', '=', paymentIntent)
    .where('status', 'in', ['confirmed', 'review'])
    .returning(['id', 'hold_id'])
    .executeTakeFirst();
}

/**
 * The owner confirms an attendee held for review: confirmed, once (a second ask finds none).
 * Answers the attendee so confirmed, for its seat and its jobs.
 */
export function confirmAttendee(
  trx: Transaction<Database>,
  id: string,
  now: string,
): Promise<WorkshopAttendee | undefined> {
  return trx
    .updateTable('workshop_attendees')
    .set({ status: 'confirmed', confirmed_at: now })
    .where('id', '=', id)
    .where('status', '=', 'review')
    .returningAll()
    .executeTakeFirst();
}

/** What is kept of a joining link an email carried: enough to tell it from another, not it. */
export const joiningLinkDigest = (link: string): string =>
  createHash('sha256').update(link).digest('base64url').slice(0, 16);

/** An email to the attendee carried the session's joining link: its digest, never the link. */
export async function noteJoiningLinkSent(
  store: Pick<Store, 'write'>,
  id: string,
  digest: string,
): Promise<void> {
  await store.write((trx) =>
    trx
      .updateTable('workshop_attendees')
      .set({ joining_link_sent: digest })
      .where('id', '=', id)
      .execute(),
  );
}

/** One attendee, by its Checkout Session's id. */
export function attendeeRow(
  store: Pick<Store, 'db'> | { db: Transaction<Database> },
  id: string,
): Promise<WorkshopAttendee | undefined> {
  return store.db
    .selectFrom('workshop_attendees')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
}

/** What erasing attendees did: how many kept without the person, how many jobs dropped. */
export interface ErasedAttendees {
  attendees: number;
  outboxJobs: number;
}

/**
 * Erasure (`leads forget`) of the attendees with this address (stored lower-cased, as the sale's):
 * they are kept for the books, as a sale is, without the person: the name and email go,
 * `erased_at` is set, and every outbox job of theirs (the emails, Kit's purchase and tag) is
 * dropped. The amount, currency, session, source and Stripe's payment reference stay; a seat
 * paid for stays taken.
 */
export async function forgetAttendees(
  trx: Transaction<Database>,
  address: string,
  now: string,
): Promise<ErasedAttendees> {
  const attendees = await trx
    .selectFrom('workshop_attendees')
    .select('id')
    .where('email', '=', address)
    .execute();
  return eraseAttendees(
    trx,
    attendees.map((attendee) => attendee.id),
    now,
  );
}

/** `leads prune`: the attendees who paid before `cutoff` lose the person, as the buyers do. */
export async function pruneAttendees(
  trx: Transaction<Database>,
  cutoff: string,
  now: string,
): Promise<ErasedAttendees> {
  const attendees = await trx
    .selectFrom('workshop_attendees')
    .select('id')
    .where('created_at', '<', cutoff)
    .where('erased_at', 'is', null)
    .execute();
  return eraseAttendees(
    trx,
    attendees.map((attendee) => attendee.id),
    now,
  );
}

async function eraseAttendees(
  trx: Transaction<Database>,
  ids: readonly string[],
  now: string,
): Promise<ErasedAttendees> {
  if (ids.length === 0) return { attendees: 0, outboxJobs: 0 };
  const outboxJobs = await dropJobsOf(trx, ids);
  await trx
    .updateTable('workshop_attendees')
    .set({ name: null, email: null, erased_at: now })
    .where('id', 'in', ids)
    .execute();
  return { attendees: ids.length, outboxJobs };
}
