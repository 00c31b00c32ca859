import { randomUUID } from 'node:crypto';
import type { ExpressionBuilder, Transaction } from 'kysely';
import type { SeatsTaken } from '../../../contracts/workshop-sessions';
import type { Database, WorkshopHoldTable } from '../../db/schema';
import type { Store } from '../../db/store';
import { lockSession } from './sessions';

/**
 * A session's seats (docs/decisions/032-workshop-delivered.md, "Seats: held, taken, released"):
 * the one writer of workshop_holds. A seat is held by a checkout being made or open, until it is
 * paid (taken) or it lapses or is released; a confirmed attendee is a seat sold. Every hold is
 * made in one transaction that first locks the session's row, so holds of one session, from any
 * instance, count its seats one after another: no two clicks can both see the last seat free.
 */

export type WorkshopHold = WorkshopHoldTable;

/**
 * At most this many checkouts open at once per client and session: a buyer and a colleague, or a
 * checkout reopened in a second tab, without one address holding every seat by clicking.
 */
export const holdsPerClient = 2;

/** A session as far as holding one of its seats goes (the content's, contracts/content/workshop.ts). */
export interface HeldSession {
  id: string;
  /** ISO. */
  start: string;
  seats: number;
  /** In the currency's main unit, as the content writes it (49 GBP). */
  price: { amount: number; currency: string };
}

export type HoldOutcome =
  | { kind: 'held'; hold: WorkshopHold }
  /** No seat left: every one is sold or held by an open checkout. */
  | { kind: 'full' }
  /** This client already holds `holdsPerClient` of the session's seats. */
  | { kind: 'capped' }
  /** The owner cancelled the session. */
  | { kind: 'cancelled' };

/** The price in the currency's smallest unit: the content's three currencies have two decimals. */
export function priceInMinorUnits(price: HeldSession['price']): {
  amount: number;
  currency: string;
} {
  return { amount: Math.round(price.amount * 100), currency: price.currency.toLowerCase() };
}

/**
 * Holds one seat for `clientHash` (a keyed hash of the client's address, never the address)
 * until `expiresAt`, while its checkout is being made: `openHold` then gives it the checkout's
 * own expiry. Full, capped and cancelled hold nothing.
 */
export function holdSeat(
  store: Store,
  {
    session,
    clientHash,
    now,
    expiresAt,
  }: { session: HeldSession; clientHash: string; now: string; expiresAt: string },
): Promise<HoldOutcome> {
  return store.write(async (trx) => {
    // First the lock: on PostgreSQL the next hold of this session waits here until this one
    // commits, then counts what it made.
    const row = await lockSession(
      trx,
      { id: session.id, start: new Date(session.start).toISOString() },
      now,
    );
    if (row.cancelled_at !== null) return { kind: 'cancelled' };
    const counted = await countHolds(trx, session.id, clientHash, now);
    if (counted.mine >= holdsPerClient) return { kind: 'capped' };
    if (counted.sold + counted.held >= session.seats) return { kind: 'full' };
    const hold: WorkshopHold = {
      id: randomUUID(),
      session_id: session.id,
      client_hash: clientHash,
      status: 'opening',
      created_at: now,
      expires_at: expiresAt,
      checkout_session: null,
      ...priceInMinorUnits(session.price),
      released_at: null,
    };
    await trx.insertInto('workshop_holds').values(hold).execute();
    return { kind: 'held', hold };
  });
}

/** A hold that still holds its seat at `now`: being made or open, and not lapsed. */
const holding = (now: string) => (eb: HoldFilter) =>
  eb.and([eb('status', 'in', ['opening', 'open']), eb('expires_at', '>', now)]);
type HoldFilter = ExpressionBuilder<Database, 'workshop_holds'>;

async function countHolds(
  trx: Transaction<Database>,
  sessionId: string,
  clientHash: string,
  now: string,
): Promise<{ sold: number; held: number; mine: number }> {
  const holds = await trx
    .selectFrom('workshop_holds')
    .select((eb) => [
      eb.fn.countAll<number | string>().as('held'),
      eb.fn
        .sum<number | string | null>(
          eb.case().when('client_hash', '=', clientHash).then(1).else(0).end(),
        )
        .as('mine'),
    ])
    .where('session_id', '=', sessionId)
    .where(holding(now))
    .executeTakeFirstOrThrow();
  const sold = await trx
    .selectFrom('workshop_attendees')
    .select((eb) => eb.fn.countAll<number | string>().as('sold'))
    .where('session_id', '=', sessionId)
    .where('status', '=', 'confirmed')
    .executeTakeFirstOrThrow();
  return { sold: Number(sold.sold), held: Number(holds.held), mine: Number(holds.mine ?? 0) };
}

/**
 * The checkout is made: the hold is open until the checkout's own expiry and a margin. False when
 * the hold no longer holds its seat (it lapsed or was released while Stripe answered): the seat
 * may be someone else's by now, so that checkout must not be paid.
 */
export async function openHold(
  store: Store,
  {
    hold,
    checkoutSession,
    expiresAt,
    now,
  }: { hold: string; checkoutSession: string; expiresAt: string; now: string },
): Promise<boolean> {
  const opened = await store.write((trx) =>
    trx
      .updateTable('workshop_holds')
      .set({ status: 'open', checkout_session: checkoutSession, expires_at: expiresAt })
      .where('id', '=', hold)
      .where('status', '=', 'opening')
      .where('expires_at', '>', now)
      .returning('id')
      .executeTakeFirst(),
  );
  return opened !== undefined;
}

/** Which hold: by its own id, or by the Checkout Session it opened. */
export type HoldKey = { hold: string } | { checkoutSession: string };

const byKey = (key: HoldKey) => (eb: HoldFilter) =>
  'hold' in key ? eb('id', '=', key.hold) : eb('checkout_session', '=', key.checkoutSession);

/**
 * Gives a held seat back at once (its checkout failed to open, or expired): true when it was
 * held. A taken seat stays taken; `returnSeat` frees it on a refund.
 */
export async function releaseHold(
  trx: Transaction<Database>,
  key: HoldKey,
  now: string,
): Promise<boolean> {
  const released = await trx
    .updateTable('workshop_holds')
    .set({ status: 'released', released_at: now })
    .where(byKey(key))
    .where('status', 'in', ['opening', 'open'])
    .returning('id')
    .executeTakeFirst();
  return released !== undefined;
}

/**
 * A paid seat given back (a refund in full): the hold is released, and the attendee, refunded
 * in the same transaction, no longer counts as sold.
 */
export async function returnSeat(
  trx: Transaction<Database>,
  holdId: string,
  now: string,
): Promise<void> {
  await trx
    .updateTable('workshop_holds')
    .set({ status: 'released', released_at: now })
    .where('id', '=', holdId)
    .where('status', '!=', 'released')
    .execute();
}

/**
 * The checkout was paid: its hold becomes taken, whatever state it was in (a payment arrives
 * after its hold lapsed only when Stripe's event came later than the margin; the buyer paid, so
 * the seat is theirs). Found by the Checkout Session, or by the hold id its metadata names when
 * the session was never recorded on it. Answers the hold, for its price; none when there is none.
 */
export async function takeHold(
  trx: Transaction<Database>,
  { checkoutSession, hold }: { checkoutSession: string; hold: string | null },
): Promise<WorkshopHold | undefined> {
  return trx
    .updateTable('workshop_holds')
    .set({ status: 'taken', checkout_session: checkoutSession, released_at: null })
    .where((eb) =>
      eb.or([
        eb('checkout_session', '=', checkoutSession),
        ...(hold ? [eb.and([eb('id', '=', hold), eb('checkout_session', 'is', null)])] : []),
      ]),
    )
    .returningAll()
    .executeTakeFirst();
}

/**
 * A checkout completed with its payment still on its way (a bank debit): its seat stays held
 * until `until` (the session's start), when the payment succeeds (taken) or fails (released).
 */
export async function keepHold(
  trx: Transaction<Database>,
  checkoutSession: string,
  until: string,
): Promise<void> {
  await trx
    .updateTable('workshop_holds')
    .set({ expires_at: until })
    .where('checkout_session', '=', checkoutSession)
    .where('status', 'in', ['opening', 'open'])
    .where('expires_at', '<', until)
    .execute();
}

/**
 * What the store knows of every session's seats at `now` (contracts/workshop-sessions.ts): sold
 * is its confirmed attendees (with a hold or without one, as a Payment Link's buyer), held its
 * holds still holding, cancelled its row's. The page's re-render and the room read it.
 */
export async function seatsTaken(store: Pick<Store, 'db'>, now: string): Promise<SeatsTaken> {
  const [sessions, sold, held] = await Promise.all([
    store.db.selectFrom('workshop_sessions').select(['id', 'cancelled_at']).execute(),
    store.db
      .selectFrom('workshop_attendees')
      .select((eb) => ['session_id', eb.fn.countAll<number | string>().as('count')])
      .where('status', '=', 'confirmed')
      .groupBy('session_id')
      .execute(),
    store.db
      .selectFrom('workshop_holds')
      .select((eb) => ['session_id', eb.fn.countAll<number | string>().as('count')])
      .where(holding(now))
      .groupBy('session_id')
      .execute(),
  ]);
  const taken: Record<string, { sold: number; held: number; cancelled: boolean }> = {};
  const of = (id: string) => {
    taken[id] ??= { sold: 0, held: 0, cancelled: false };
    return taken[id];
  };
  for (const row of sessions) of(row.id).cancelled = row.cancelled_at !== null;
  for (const row of sold) of(row.session_id).sold = Number(row.count);
  for (const row of held) of(row.session_id).held = Number(row.count);
  return taken;
}
