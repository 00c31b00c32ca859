import { randomUUID } from 'node:crypto';
import type { ExpressionBuilder, Transaction } from 'kysely';
import { toMinorUnits } from '../../../contracts/money';
import type { SeatsTaken } from '../../../contracts/workshop-sessions';
import type { Database, WorkshopHoldTable } from '../../db/schema';
import type { Store } from '../../db/store';
import { inTurns } from './hold-turns';
import { lockSession } from './sessions';

/**
 * A session's seats (docs/decisions/032-workshop-delivered.md, "Seats: held, taken, released"):
 * the one writer of workshop_holds. A seat is held by a checkout being made or open, until it is
 * paid (taken) or it lapses or is released; a confirmed attendee is a seat sold. Holds are made
 * in transactions that first lock the session's row, so holds of one session, from any
 * instance, count its seats one after another: no two clicks can both see the last seat free.
 */

export type WorkshopHold = WorkshopHoldTable;

/**
 * At most this many checkouts open at once per client and session: a buyer and a colleague, or a
 * checkout reopened in a second tab, without one address holding every seat by clicking.
 */
export const holdsPerClient = 2;
/**
 * At most this many per network (an IPv4 /24, an IPv6 /40) and session: a few buyers of one office
 * or provider at once, without a few hundred addresses of one range holding every seat
 * (docs/decisions/034-selling-that-cannot-be-gamed.md).
 */
export const holdsPerNetwork = 4;

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
  /** This client already holds `holdsPerClient`, or its network `holdsPerNetwork`, of the seats. */
  | { kind: 'capped' }
  /** The owner cancelled the session. */
  | { kind: 'cancelled' };

/**
 * Who a click holds for: keyed hashes of its client and its network (hold-clients.ts), never the
 * address; null when the server cannot tell its buyers apart (they all arrive from one proxy it
 * does not trust), and no cap applies.
 */
export interface HoldClient {
  client: string;
  network: string;
}

/** A click's request for a seat. */
export interface HoldRequest {
  session: HeldSession;
  holder: HoldClient | null;
  now: string;
  /** Until when the seat is held while its checkout is being made. */
  expiresAt: string;
}

/** At most this many clicks are decided in one transaction (well within both databases' limits). */
const maxHoldBatch = 500;
const turnsOf = new WeakMap<
  Store,
  (session: string, request: HoldRequest) => Promise<HoldOutcome>
>();

/**
 * Holds one seat until `expiresAt`, while its checkout is being made: `openHold` then gives it
 * the checkout's own expiry. Full, capped and cancelled hold nothing.
 * In this process the holds of one session are decided in turns (hold-turns.ts): the clicks that
 * arrive while one transaction runs wait and are decided together in the next, so a thousand
 * clicks for the last seats are a few transactions, not a thousand queued for the lock.
 */
export function holdSeat(store: Store, request: HoldRequest): Promise<HoldOutcome> {
  let turns = turnsOf.get(store);
  if (!turns) {
    turns = inTurns((_session, batch: HoldRequest[]) => holdSeats(store, batch), maxHoldBatch);
    turnsOf.set(store, turns);
  }
  return turns(request.session.id, request);
}

/**
 * One transaction for a batch of clicks on one session: it first locks the session's row (on
 * PostgreSQL the next transaction of this session, from any instance, waits there until this one
 * commits, then counts what it made), counts the seats sold and held, then decides each click
 * in order of arrival: capped at `holdsPerClient`, full, or held.
 */
async function holdSeats(store: Store, requests: readonly HoldRequest[]): Promise<HoldOutcome[]> {
  const [first] = requests;
  if (!first) return [];
  const id = first.session.id;
  // The latest click's moment: a hold lapsed by then no longer counts for any of them.
  const now =
    requests
      .map((request) => request.now)
      .sort()
      .at(-1) ?? first.now;
  return store.write(async (trx) => {
    const row = await lockSession(
      trx,
      { id, start: new Date(first.session.start).toISOString() },
      now,
    );
    if (row.cancelled_at !== null) return requests.map(() => ({ kind: 'cancelled' as const }));
    const { sold, held, byClient, byNetwork } = await countHolds(trx, id, now);
    let taken = sold + held;
    const made: WorkshopHold[] = [];
    const outcomes = requests.map((request): HoldOutcome => {
      const { holder } = request;
      if (
        holder &&
        ((byClient.get(holder.client) ?? 0) >= holdsPerClient ||
          (byNetwork.get(holder.network) ?? 0) >= holdsPerNetwork)
      ) {
        return { kind: 'capped' };
      }
      if (taken >= request.session.seats) return { kind: 'full' };
      const hold: WorkshopHold = {
        id: randomUUID(),
        session_id: id,
        client_hash: holder?.client ?? '',
        network_hash: holder?.network ?? '',
        status: 'opening',
        created_at: request.now,
        expires_at: request.expiresAt,
        checkout_session: null,
        ...toMinorUnits(request.session.price),
        released_at: null,
      };
      made.push(hold);
      if (holder) {
        byClient.set(holder.client, (byClient.get(holder.client) ?? 0) + 1);
        byNetwork.set(holder.network, (byNetwork.get(holder.network) ?? 0) + 1);
      }
      taken++;
      return { kind: 'held', hold };
    });
    if (made.length > 0) await trx.insertInto('workshop_holds').values(made).execute();
    return outcomes;
  });
}

/** A hold that still holds its seat at `now`: being made or open, and not lapsed. */
export const holding = (now: string) => (eb: HoldFilter) =>
  eb.and([eb('status', 'in', ['opening', 'open']), eb('expires_at', '>', now)]);
type HoldFilter = ExpressionBuilder<Database, 'workshop_holds'>;

/**
 * The session's seats sold and held at `now`, and those held by each client and each network
 * that holds any (a hold without a client, made while caps were off, counts only in `held`).
 */
async function countHolds(
  trx: Transaction<Database>,
  sessionId: string,
  now: string,
): Promise<{
  sold: number;
  held: number;
  byClient: Map<string, number>;
  byNetwork: Map<string, number>;
}> {
  const holders = await trx
    .selectFrom('workshop_holds')
    .select((eb) => ['client_hash', 'network_hash', eb.fn.countAll<number | string>().as('count')])
    .where('session_id', '=', sessionId)
    .where(holding(now))
    .groupBy(['client_hash', 'network_hash'])
    .execute();
  const sold = await trx
    .selectFrom('workshop_attendees')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('session_id', '=', sessionId)
    .where('status', '=', 'confirmed')
    .executeTakeFirstOrThrow();
  const byClient = new Map<string, number>();
  const byNetwork = new Map<string, number>();
  let held = 0;
  for (const row of holders) {
    const count = Number(row.count);
    held += count;
    if (row.client_hash)
      byClient.set(row.client_hash, (byClient.get(row.client_hash) ?? 0) + count);
    if (row.network_hash) {
      byNetwork.set(row.network_hash, (byNetwork.get(row.network_hash) ?? 0) + count);
    }
  }
  return { sold: Number(sold.count), held, byClient, byNetwork };
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

/** A hold that no longer holds keeps no trace of who held it: its hashes served only the caps. */
const noHolder = { client_hash: '', network_hash: '' } as const;

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
    .set({ status: 'released', released_at: now, ...noHolder })
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
    .set({ status: 'released', released_at: now, ...noHolder })
    .where('id', '=', holdId)
    .where('status', '!=', 'released')
    .execute();
}

/** A Checkout Session's hold: the one it opened, or the one its metadata names that never learnt it. */
const sessionHold = (checkoutSession: string, hold: string | null) => (eb: HoldFilter) =>
  eb.or([
    eb('checkout_session', '=', checkoutSession),
    ...(hold ? [eb.and([eb('id', '=', hold), eb('checkout_session', 'is', null)])] : []),
  ]);

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
    .set({ status: 'taken', checkout_session: checkoutSession, released_at: null, ...noHolder })
    .where(sessionHold(checkoutSession, hold))
    .returningAll()
    .executeTakeFirst();
}

/**
 * The hold of a Checkout Session: the one it opened, or the one its metadata names if that hold
 * never learnt its session (Stripe answered after the hold had lapsed).
 */
export function findHold(
  trx: Transaction<Database>,
  { checkoutSession, hold }: { checkoutSession: string; hold: string | null },
): Promise<WorkshopHold | undefined> {
  return trx
    .selectFrom('workshop_holds')
    .selectAll()
    .where(sessionHold(checkoutSession, hold))
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

/**
 * `leads prune`: the holds that no longer hold a seat at `now` lose their client's and network's
 * hashes, which served only the caps while they held (a paid or released one lost it then; this
 * finds those that lapsed unseen, their server stopped or Stripe's expiry lost); the session, the
 * price and the checkout stay for the attendee and the books. Answers how many lost it.
 */
export async function forgetHoldClients(trx: Transaction<Database>, now: string): Promise<number> {
  const forgotten = await trx
    .updateTable('workshop_holds')
    .set(noHolder)
    .where((eb) => eb.or([eb('client_hash', '!=', ''), eb('network_hash', '!=', '')]))
    .where((eb) => eb.not(holding(now)(eb)))
    .executeTakeFirst();
  return Number(forgotten.numUpdatedRows);
}

/**
 * The checkouts opened for each session since `since` (every hold made, whatever became of it),
 * and how many of them were paid: the room's warning that holds far exceed sales
 * (contracts/room/workshop.ts `holdsFarExceedSales`).
 */
export async function checkoutsSince(
  store: Pick<Store, 'db'>,
  since: string,
): Promise<Map<string, { opened: number; paid: number }>> {
  const rows = await store.db
    .selectFrom('workshop_holds')
    .select((eb) => [
      'session_id',
      eb.fn.countAll<number | string>().as('opened'),
      eb.fn
        .sum<number | string | null>(eb.case().when('status', '=', 'taken').then(1).else(0).end())
        .as('paid'),
    ])
    .where('created_at', '>=', since)
    .groupBy('session_id')
    .execute();
  return new Map(
    rows.map((row) => [
      row.session_id,
      { opened: Number(row.opened), paid: Number(row.paid ?? 0) },
    ]),
  );
}
