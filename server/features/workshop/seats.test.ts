import { expect, it } from 'vitest';
import type { WorkshopAttendeeTable } from '../../db/schema';
import type { Store } from '../../db/store';
import { describeEachStore } from '../../testing/stores';
import {
  forgetHoldClients,
  type HeldSession,
  holdSeat,
  holdsPerClient,
  openHold,
  releaseHold,
  returnSeat,
  seatsTaken,
  takeHold,
} from './seats';
import { cancelSession } from './sessions';

const t0 = Date.parse('2026-11-27T10:00:00.000Z');
const at = (minutes: number) => new Date(t0 + minutes * 60_000).toISOString();
const session: HeldSession = {
  id: 'december-2026',
  start: '2026-12-03T18:00:00.000Z',
  seats: 3,
  price: { amount: 49, currency: 'GBP' },
};

/** A seat held at `minute` for 35 minutes by `client`. */
const hold = (store: Store, client: string, minute = 0, held = session) =>
  holdSeat(store, {
    session: held,
    holder: { client, network: `network of ${client}` },
    now: at(minute),
    expiresAt: at(minute + 35),
  });

/** An attendee as a payment makes one (attendees.ts writes them; here, seeded). */
function attendee(
  id: string,
  status: 'confirmed' | 'refunded' = 'confirmed',
): WorkshopAttendeeTable {
  return {
    id,
    session_id: session.id,
    hold_id: null,
    created_at: at(0),
    status,
    name: null,
    email: null,
    amount: 4900,
    currency: 'gbp',
    expected_amount: null,
    expected_currency: null,
    mismatch: 0,
    payment_intent: null,
    livemode: 0,
    host: null,
    path: null,
    source: null,
    experiment: null,
    variant: null,
    refunded_at: null,
    erased_at: null,
  };
}

describeEachStore('workshop seats', ({ store, database }) => {
  it('holds seats until every one is held or sold, then answers full', async () => {
    await store().db.insertInto('workshop_attendees').values(attendee('cs_paid')).execute();
    // A refunded attendee gave the seat back.
    await store()
      .db.insertInto('workshop_attendees')
      .values(attendee('cs_back', 'refunded'))
      .execute();
    const first = await hold(store(), 'a');
    expect(first).toMatchObject({
      kind: 'held',
      hold: { session_id: session.id, status: 'opening', amount: 4900, currency: 'gbp' },
    });
    expect((await hold(store(), 'b')).kind).toBe('held');
    expect((await hold(store(), 'c')).kind).toBe('full');
    expect(await seatsTaken(store(), at(1))).toEqual({
      [session.id]: { sold: 1, held: 2, cancelled: false },
    });
  });

  it(`caps one client at ${holdsPerClient} seats held per session; a paid one no longer counts`, async () => {
    const big = { ...session, seats: 10 };
    const first = await hold(store(), 'a', 0, big);
    expect((await hold(store(), 'a', 0, big)).kind).toBe('held');
    expect((await hold(store(), 'a', 1, big)).kind).toBe('capped');
    // Another client, and the same client for another session, are not held back.
    expect((await hold(store(), 'b', 1, big)).kind).toBe('held');
    expect((await hold(store(), 'a', 1, { ...big, id: 'february-2027' })).kind).toBe('held');
    // Paid: the seat is the buyer's, and they may hold another for a colleague.
    if (first.kind !== 'held') throw new Error('not held');
    expect(
      await openHold(store(), {
        hold: first.hold.id,
        checkoutSession: 'cs_1',
        expiresAt: at(36),
        now: at(1),
      }),
    ).toBe(true);
    await store().write((trx) => takeHold(trx, { checkoutSession: 'cs_1', hold: null }));
    expect((await hold(store(), 'a', 2, big)).kind).toBe('held');
  });

  it('gives a seat back when its hold lapses or is released, and frees a paid one on a refund', async () => {
    const first = await hold(store(), 'a');
    await hold(store(), 'b', 10);
    await hold(store(), 'c', 10);
    expect((await hold(store(), 'd', 34)).kind).toBe('full');
    // At its expiry a hold stops counting, whatever its row still says.
    expect((await hold(store(), 'd', 35)).kind).toBe('held');
    expect((await hold(store(), 'e', 35)).kind).toBe('full');
    if (first.kind !== 'held') throw new Error('not held');
    // A lapsed hold cannot be opened: its seat may be someone else's.
    expect(
      await openHold(store(), {
        hold: first.hold.id,
        checkoutSession: 'cs_late',
        expiresAt: at(70),
        now: at(35),
      }),
    ).toBe(false);

    // b's and c's lapse at 45.
    const fresh = await hold(store(), 'f', 45);
    expect(fresh.kind).toBe('held');
    if (fresh.kind !== 'held') throw new Error('not held');
    await openHold(store(), {
      hold: fresh.hold.id,
      checkoutSession: 'cs_f',
      expiresAt: at(80),
      now: at(45),
    });
    expect((await hold(store(), 'g', 46)).kind).toBe('held');
    expect((await hold(store(), 'h', 46)).kind).toBe('full');
    expect(
      await store().write((trx) => releaseHold(trx, { checkoutSession: 'cs_f' }, at(46))),
    ).toBe(true);
    // Released once: a second release (a redelivered expiry) finds nothing held.
    expect(
      await store().write((trx) => releaseHold(trx, { checkoutSession: 'cs_f' }, at(46))),
    ).toBe(false);
    const taken = await hold(store(), 'h', 46);
    expect(taken.kind).toBe('held');
    if (taken.kind !== 'held') throw new Error('not held');

    // Taken seats are not released by an expiry; a refund returns them.
    await store().write((trx) => takeHold(trx, { checkoutSession: 'cs_h', hold: taken.hold.id }));
    expect(await store().write((trx) => releaseHold(trx, { hold: taken.hold.id }, at(47)))).toBe(
      false,
    );
    await store().write((trx) => returnSeat(trx, taken.hold.id, at(48)));
    const row = await store()
      .db.selectFrom('workshop_holds')
      .selectAll()
      .where('id', '=', taken.hold.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      status: 'released',
      checkout_session: 'cs_h',
      released_at: at(48),
    });
  });

  it('holds nothing for a cancelled session', async () => {
    await hold(store(), 'a');
    await store().write((trx) => cancelSession(trx, session.id, at(1)));
    expect((await hold(store(), 'b', 2)).kind).toBe('cancelled');
    expect((await seatsTaken(store(), at(2)))[session.id]).toEqual({
      sold: 0,
      held: 1,
      cancelled: true,
    });
  });

  it('holds exactly the seats left when 300 clients race for them on eight instances', async () => {
    // Each instance decides its own clicks in turns; the session's lock is what keeps eight
    // instances, each with a transaction in flight, from counting the same free seats.
    const stores = [store()];
    for (let i = 1; i < 8; i++) stores.push(await database().open());
    try {
      const outcomes = await Promise.all(
        Array.from({ length: 300 }, (_, i) => hold(stores[i % 8] as Store, `client-${i}`)),
      );
      expect(outcomes.filter((outcome) => outcome.kind === 'held')).toHaveLength(3);
      expect(outcomes.filter((outcome) => outcome.kind === 'full')).toHaveLength(297);
    } finally {
      for (const other of stores.slice(1)) await other.close();
    }
    expect((await seatsTaken(store(), at(1)))[session.id]?.held).toBe(3);
  }, 30_000);

  it('decides a burst of clicks in a few transactions, each click as if alone', async () => {
    const big = { ...session, seats: 5 };
    const outcomes = await Promise.all([
      ...Array.from({ length: 3 }, () => hold(store(), 'same', 0, big)),
      ...Array.from({ length: 10 }, (_, i) => hold(store(), `client-${i}`, 0, big)),
    ]);
    expect(outcomes.map((outcome) => outcome.kind)).toEqual([
      'held',
      'held',
      'capped',
      'held',
      'held',
      'held',
      ...Array.from({ length: 7 }, () => 'full'),
    ]);
  });

  it('forgets the client of a hold that has ended, and keeps it while the hold holds its seat', async () => {
    const lapsed = await hold(store(), 'client-lapsed', 0);
    const released = await hold(store(), 'client-released', 50);
    const holds = await hold(store(), 'client-holding', 50);
    if (released.kind !== 'held' || holds.kind !== 'held' || lapsed.kind !== 'held') {
      throw new Error('expected three holds');
    }
    await store().write((trx) => releaseHold(trx, { hold: released.hold.id }, at(51)));
    // Released, its client is forgotten at once; lapsed unseen, at the next prune.
    const forgotten = await store().write((trx) => forgetHoldClients(trx, at(52)));
    expect(forgotten).toBe(1);
    const clients = await store()
      .db.selectFrom('workshop_holds')
      .select(['id', 'client_hash'])
      .execute();
    expect(Object.fromEntries(clients.map((row) => [row.id, row.client_hash]))).toEqual({
      [lapsed.hold.id]: '',
      [released.hold.id]: '',
      [holds.hold.id]: 'client-holding',
    });
    // The cap still counts the holding client's seat.
    expect((await seatsTaken(store(), at(52)))[session.id]?.held).toBe(1);
  });
});
