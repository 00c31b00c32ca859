import { randomUUID } from 'node:crypto';
import { sql, type Transaction } from 'kysely';
import type { Database, OutboxJobKind, SaleStatus, SaleTable } from './schema';
import type { Store } from './store';

/**
 * Sales from Stripe's events (issue #20, docs/decisions/020-stripe-sales.md). Stripe may deliver
 * an event twice, at once, or after a later one, so nothing here checks and then inserts: the
 * event's id is a primary key (a repeat inserts nothing and does nothing more), the sale is one
 * row per Checkout Session that every event about it lands on, and a refund is one row per
 * charge holding the largest running total seen. Each event is one transaction.
 */

/** What a checkout.session.* event says about its sale. */
export type SaleFacts = Omit<SaleTable, 'recorded_at' | 'notified_at' | 'erased_at'>;

/** What a charge.refunded event says: the charge's running refunded total. */
export interface RefundFacts {
  chargeId: string;
  paymentIntent: string | null;
  amountRefunded: number;
  currency: string;
}

export interface StripeEventRecord {
  id: string;
  type: string;
  /** When Stripe made the event (ISO). */
  createdAt: string;
  /** The raw body, as signed. */
  payload: string;
  sale?: SaleFacts;
  refund?: RefundFacts;
}

export type RecordOutcome =
  /** First delivery: stored, and the sale or refund updated. */
  | { kind: 'recorded'; saleId: string | null; queued: readonly OutboxJobKind[] }
  /** Seen before: nothing changed. */
  | { kind: 'duplicate' };

/** The jobs a sale gets when it is first paid (server/outbox/forwarding.ts decides which). */
export type JobsForSale = (sale: { alreadySubscriber: boolean }) => OutboxJobKind[];

export function recordStripeEvent(
  store: Store,
  event: StripeEventRecord,
  jobsForSale: JobsForSale,
  now = new Date().toISOString(),
): Promise<RecordOutcome> {
  return store.write(async (trx) => {
    const objectId = event.sale?.id ?? event.refund?.chargeId;
    if (!objectId) throw new Error(`Stripe event ${event.id} names no sale or charge`);
    const inserted = await trx
      .insertInto('stripe_events')
      .values({
        id: event.id,
        type: event.type,
        created_at: event.createdAt,
        received_at: now,
        object_id: objectId,
        payload: event.payload,
      })
      .onConflict((conflict) => conflict.column('id').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!inserted) return { kind: 'duplicate' };

    if (event.refund) {
      await upsertRefund(trx, event.refund, now);
      return { kind: 'recorded', saleId: null, queued: [] };
    }
    const sale = event.sale as SaleFacts;
    await upsertSale(trx, sale, now);
    const stored = await trx
      .selectFrom('sales')
      .select(['status', 'email', 'erased_at'])
      .where('id', '=', sale.id)
      .executeTakeFirstOrThrow();
    // A buyer erased before this late event arrived: keep no copy of them in its payload either.
    if (stored.erased_at) {
      await trx
        .updateTable('stripe_events')
        .set({ payload: null })
        .where('id', '=', event.id)
        .execute();
    }
    const queued =
      stored.status === 'paid'
        ? await queueOnFirstPayment(trx, sale.id, stored.email, jobsForSale, now)
        : [];
    return { kind: 'recorded', saleId: sale.id, queued };
  });
}

/** A status says more than another when it settles the payment: pending gives way to either. */
const settledStatus = sql<SaleStatus>`case when sales.status = 'pending' then excluded.status else sales.status end`;

async function upsertSale(trx: Transaction<Database>, sale: SaleFacts, now: string) {
  await trx
    .insertInto('sales')
    .values({ ...sale, recorded_at: now, notified_at: null, erased_at: null })
    .onConflict((conflict) =>
      conflict.column('id').doUpdateSet({
        status: settledStatus,
        // Every session event carries the same session; fill what an earlier one lacked.
        payment_intent: sql`coalesce(sales.payment_intent, excluded.payment_intent)`,
        customer: sql`coalesce(sales.customer, excluded.customer)`,
        // An erased buyer stays erased, whatever Stripe sends again.
        email: sql`case when sales.erased_at is null then coalesce(sales.email, excluded.email) else null end`,
      }),
    )
    .execute();
}

async function upsertRefund(trx: Transaction<Database>, refund: RefundFacts, now: string) {
  await trx
    .insertInto('sale_refunds')
    .values({
      charge_id: refund.chargeId,
      payment_intent: refund.paymentIntent,
      amount_refunded: refund.amountRefunded,
      currency: refund.currency,
      updated_at: now,
    })
    .onConflict((conflict) =>
      conflict.column('charge_id').doUpdateSet({
        amount_refunded: sql`case when excluded.amount_refunded > sale_refunds.amount_refunded then excluded.amount_refunded else sale_refunds.amount_refunded end`,
        payment_intent: sql`coalesce(sale_refunds.payment_intent, excluded.payment_intent)`,
        updated_at: now,
      }),
    )
    .execute();
}

/**
 * The owner's email and the buyers' list, once per sale: the first paid event to claim
 * `notified_at` queues them (the row is locked by the upsert before, so a second event about
 * the same session, in another transaction, finds it claimed).
 */
async function queueOnFirstPayment(
  trx: Transaction<Database>,
  saleId: string,
  email: string | null,
  jobsForSale: JobsForSale,
  now: string,
): Promise<OutboxJobKind[]> {
  const claimed = await trx
    .updateTable('sales')
    .set({ notified_at: now })
    .where('id', '=', saleId)
    .where('notified_at', 'is', null)
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) !== 1) return [];
  const subscriber = email
    ? await trx.selectFrom('subscribers').select('id').where('email', '=', email).executeTakeFirst()
    : undefined;
  const kinds = jobsForSale({ alreadySubscriber: Boolean(subscriber) }).filter(
    (kind) => kind !== 'kit-buyer' || email !== null,
  );
  if (kinds.length > 0) {
    await trx
      .insertInto('outbox_jobs')
      .values(
        kinds.map((kind) => ({
          id: randomUUID(),
          created_at: now,
          kind,
          lead_id: saleId,
          status: 'pending' as const,
          attempts: 0,
          next_attempt_at: now,
        })),
      )
      .execute();
  }
  return kinds;
}

export function findSale(store: Store, id: string) {
  return store.db.selectFrom('sales').selectAll().where('id', '=', id).executeTakeFirst();
}

/** What has been refunded of a sale, from its charges' refunds (none: 0). */
export async function refundedOf(store: Store, paymentIntent: string | null): Promise<number> {
  if (!paymentIntent) return 0;
  const row = await store.db
    .selectFrom('sale_refunds')
    .select((eb) => eb.fn.sum<number | string | null>('amount_refunded').as('refunded'))
    .where('payment_intent', '=', paymentIntent)
    .executeTakeFirstOrThrow();
  return Number(row.refunded ?? 0);
}
