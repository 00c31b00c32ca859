import type { SubscriberStatus } from '../../../contracts/room/leads';
import type { SubscriberTable } from '../../db/schema';
import { isoNow, type Store } from '../../db/store';
import { type KitStatusColumn, markKitStatus } from './store';

/**
 * What Kit's webhook events change (decision 021). Each kind sets its own time on every sign-up of
 * the address, keeping the latest: so events applied in any order end in the same state, that
 * of the latest event. An activation is the double opt-in's confirmation.
 */
export const kitEventColumns = {
  'subscriber.activated': 'confirmed_at',
  'subscriber.unsubscribed': 'unsubscribed_at',
  'subscriber.bounced': 'bounced_at',
  'subscriber.complained': 'complained_at',
} as const satisfies Record<string, KitStatusColumn>;

export type KitEventType = keyof typeof kitEventColumns;
export const kitEventTypes = Object.keys(kitEventColumns) as KitEventType[];

export const isKitEventType = (type: string): type is KitEventType =>
  Object.hasOwn(kitEventColumns, type);

export interface KitEvent {
  /** Kit's UUID for the event: the same however often it is delivered. */
  id: string;
  type: KitEventType;
  /** ISO-8601 UTC: when it happened in Kit. */
  occurredAt: string;
  /** Lower-cased; null when the event named no usable address (stored, changes nothing). */
  email: string | null;
}

export interface RecordedEvents {
  /** Events seen for the first time. */
  recorded: number;
  /** Events already recorded by an earlier delivery: nothing done again. */
  duplicates: number;
  /** Sign-up rows the new events touched (0 for an address nobody signed up with). */
  subscribers: number;
}

/**
 * Records a delivery's events in one transaction. The event's UUID is the primary key and the
 * insert does nothing on a conflict, so however many deliveries of one event race (on any
 * number of instances), exactly one insert wins and only it changes a subscriber.
 */
export function recordKitEvents(
  store: Store,
  events: readonly KitEvent[],
  receivedAt = isoNow(),
): Promise<RecordedEvents> {
  return store.write(async (trx) => {
    const result: RecordedEvents = { recorded: 0, duplicates: 0, subscribers: 0 };
    for (const event of events) {
      const inserted = await trx
        .insertInto('kit_events')
        .values({
          id: event.id,
          type: event.type,
          occurred_at: event.occurredAt,
          received_at: receivedAt,
        })
        .onConflict((conflict) => conflict.column('id').doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!inserted) {
        result.duplicates += 1;
        continue;
      }
      result.recorded += 1;
      if (!event.email) continue;
      // The later time wins, whatever order the events arrive in.
      result.subscribers += await markKitStatus(
        trx,
        event.email,
        kitEventColumns[event.type],
        event.occurredAt,
      );
    }
    return result;
  });
}

type StatusTimes = Pick<SubscriberTable, KitStatusColumn>;

/**
 * How many addresses Kit has confirmed and not lost since (unsubscribed, bounced, complained):
 * `subscriberStatus` is `confirmed` for one of their sign-ups. Each address once, whatever lists
 * it is on. The room says a newsletter will reach them (docs/decisions/028-writing.md); Kit may
 * hold more, who did not sign up through the site.
 */
export async function countConfirmedSubscribers(store: Store): Promise<number> {
  const row = await store.db
    .selectFrom('subscribers')
    .select((eb) => eb.fn.count('email').distinct().as('count'))
    .where('confirmed_at', 'is not', null)
    .where((eb) =>
      eb.and(
        (['unsubscribed_at', 'bounced_at', 'complained_at'] as const).map((column) =>
          // As subscriberStatus: on a tie, what stops mail wins.
          eb.or([eb(column, 'is', null), eb(column, '<', eb.ref('confirmed_at'))]),
        ),
      ),
    )
    .executeTakeFirstOrThrow();
  // PostgreSQL answers count() as a bigint string.
  return Number(row.count);
}

/**
 * Where a sign-up stands now: the latest thing Kit reported about it, or `unconfirmed` when Kit
 * has reported nothing yet (the confirmation email not yet clicked).
 */
export function subscriberStatus(times: StatusTimes): SubscriberStatus {
  const candidates: [SubscriberStatus, string | null][] = [
    ['confirmed', times.confirmed_at],
    ['unsubscribed', times.unsubscribed_at],
    ['bounced', times.bounced_at],
    ['complained', times.complained_at],
  ];
  let status: SubscriberStatus = 'unconfirmed';
  let latest = '';
  for (const [name, at] of candidates) {
    // On a tie the later-listed (the one that stops mail) wins.
    if (at !== null && at >= latest) {
      status = name;
      latest = at;
    }
  }
  return status;
}
