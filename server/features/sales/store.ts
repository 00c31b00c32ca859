import { type SqlBool, sql, type Transaction } from 'kysely';
import { dropJobsOf, enqueue } from '../../db/outbox';
import type { Database, OutboxJobKind, SaleStatus, SaleTable } from '../../db/schema';
import type { Store } from '../../db/store';
import { storedPayload } from './stored-event';

/**
 * Sales from Stripe's events (docs/decisions/020-stripe-sales.md). Stripe may deliver
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

/** What a Checkout Session's event says beyond its sale, for the app's fulfilment. */
export interface CheckoutFacts {
  /** The buyer's name as they gave it to Stripe (customer_details.name), cleaned; null if none. */
  name: string | null;
  /** Our metadata on the session (the workshop's session, hold, page, source, variant). */
  metadata: Readonly<Record<string, string>>;
  /** The amount before discounts (amount_subtotal); null when Stripe did not send it. */
  amountSubtotal: number | null;
  /** What discounts took off (total_details.amount_discount); 0 when none. */
  amountDiscount?: number;
  /** Whether a promotion code, one the owner made in Stripe, was among the discounts. */
  promotionCode?: boolean;
}

/** What a charge.dispute.* event says: the disputed payment, and where the dispute stands. */
export interface DisputeFacts {
  id: string;
  chargeId: string | null;
  paymentIntent: string | null;
  /** Stripe's status: needs_response, under_review, won, lost, warning_closed… */
  status: string;
  /** charge.dispute.closed: `status` is its outcome. */
  closed: boolean;
}

/** A Checkout Session that expired unpaid (checkout.session.expired): no sale, only its hold. */
export interface ExpiredFacts {
  id: string;
  metadata: Readonly<Record<string, string>>;
}

export interface StripeEventRecord {
  id: string;
  type: string;
  /** When Stripe made the event (ISO). */
  createdAt: string;
  /** The raw body, as signed: only its projection (stored-event.ts, no buyer in it) is stored. */
  payload: string;
  sale?: SaleFacts & { checkout?: CheckoutFacts };
  expired?: ExpiredFacts;
  refund?: RefundFacts;
  dispute?: DisputeFacts;
}

/**
 * What the app's fulfilment (the workshop's, passed in by server/feature-list.ts so that sales
 * import nothing of it) hears of an event on its first delivery, inside the event's transaction:
 * - `checkout`: a session's sale as it now stands (its status settled over every event about
 *   it, its buyer gone once erased), with what else the session said, and what has been
 *   refunded of its payment so far (a refund may arrive first);
 * - `expired`: a session that can no longer be paid;
 * - `refund`: a charge's refund, and the running total refunded of its payment.
 */
export type FulfilmentFacts =
  | {
      kind: 'checkout';
      sale: SaleTable;
      checkout: CheckoutFacts;
      refunded: number;
    }
  | { kind: 'expired'; expired: ExpiredFacts }
  | { kind: 'refund'; refund: RefundFacts; refunded: number }
  /** A dispute opened or closed, its payment found by the payment intent it names. */
  | { kind: 'dispute'; dispute: DisputeFacts };

/** Does what a payment, an expiry or a refund means beyond the sale; answers the jobs it queued. */
export type Fulfil = (
  trx: Transaction<Database>,
  facts: FulfilmentFacts,
  now: string,
) => Promise<readonly OutboxJobKind[]>;

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
  {
    now = new Date().toISOString(),
    fulfil = async () => [],
  }: {
    now?: string;
    /** The app's fulfilment, in this event's transaction, on its first delivery. */
    fulfil?: Fulfil;
  } = {},
): Promise<RecordOutcome> {
  return store.write(async (trx) => {
    const objectId =
      event.sale?.id ??
      event.expired?.id ??
      event.refund?.chargeId ??
      event.dispute?.chargeId ??
      event.dispute?.id;
    if (!objectId) throw new Error(`Stripe event ${event.id} names no sale or charge`);
    const inserted = await trx
      .insertInto('stripe_events')
      .values({
        id: event.id,
        type: event.type,
        created_at: event.createdAt,
        received_at: now,
        object_id: objectId,
        payload: storedPayload(event.payload),
      })
      .onConflict((conflict) => conflict.column('id').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!inserted) return { kind: 'duplicate' };

    if (event.expired) {
      const queued = await fulfil(trx, { kind: 'expired', expired: event.expired }, now);
      return { kind: 'recorded', saleId: null, queued };
    }
    if (event.dispute) {
      const queued = await fulfil(trx, await disputeFacts(trx, event.dispute), now);
      return { kind: 'recorded', saleId: null, queued };
    }
    if (event.refund) {
      await upsertRefund(trx, event.refund, now);
      // The charge's billing details name the buyer: none kept for one erased already.
      const { paymentIntent } = event.refund;
      const erased =
        paymentIntent &&
        (await trx
          .selectFrom('sales')
          .select('id')
          .where('payment_intent', '=', paymentIntent)
          .where('erased_at', 'is not', null)
          .executeTakeFirst());
      if (erased) await dropPayload(trx, event.id);
      const refunded = await refundedIn(trx, paymentIntent);
      const queued = await fulfil(trx, { kind: 'refund', refund: event.refund, refunded }, now);
      return { kind: 'recorded', saleId: null, queued };
    }
    const { sale } = event;
    if (!sale) throw new Error(`Stripe event ${event.id} names no sale`);
    const { checkout = { name: null, metadata: {}, amountSubtotal: null }, ...facts } = sale;
    await upsertSale(trx, facts, now);
    const stored = await trx
      .selectFrom('sales')
      .selectAll()
      .where('id', '=', sale.id)
      .executeTakeFirstOrThrow();
    // A buyer erased before this late event arrived: keep no copy of them in its payload either.
    if (stored.erased_at) await dropPayload(trx, event.id);
    const queued =
      stored.status === 'paid'
        ? await queueOnFirstPayment(trx, sale.id, stored.email, jobsForSale, now)
        : [];
    const fulfilled = await fulfil(
      trx,
      {
        kind: 'checkout',
        sale: stored,
        checkout: stored.erased_at ? { ...checkout, name: null } : checkout,
        refunded: await refundedIn(trx, stored.payment_intent),
      },
      now,
    );
    return { kind: 'recorded', saleId: sale.id, queued: [...queued, ...fulfilled] };
  });
}

/** A dispute as the fulfilment hears it: its payment, else the one a refund of its charge named. */
async function disputeFacts(
  trx: Transaction<Database>,
  dispute: DisputeFacts,
): Promise<Extract<FulfilmentFacts, { kind: 'dispute' }>> {
  const refunded =
    dispute.paymentIntent === null && dispute.chargeId
      ? await trx
          .selectFrom('sale_refunds')
          .select('payment_intent')
          .where('charge_id', '=', dispute.chargeId)
          .executeTakeFirst()
      : undefined;
  return {
    kind: 'dispute',
    dispute: {
      ...dispute,
      paymentIntent: dispute.paymentIntent ?? refunded?.payment_intent ?? null,
    },
  };
}

/** What has been refunded of a payment so far, over its charges (none: 0). */
async function refundedIn(
  db: Transaction<Database> | Store['db'],
  paymentIntent: string | null,
): Promise<number> {
  if (!paymentIntent) return 0;
  const row = await db
    .selectFrom('sale_refunds')
    .select((eb) => eb.fn.sum<number | string | null>('amount_refunded').as('refunded'))
    .where('payment_intent', '=', paymentIntent)
    .executeTakeFirstOrThrow();
  return Number(row.refunded ?? 0);
}

async function dropPayload(trx: Transaction<Database>, eventId: string) {
  await trx.updateTable('stripe_events').set({ payload: null }).where('id', '=', eventId).execute();
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
  await enqueue(trx, saleId, kinds, now);
  return kinds;
}

export function findSale(store: Store, id: string) {
  return store.db.selectFrom('sales').selectAll().where('id', '=', id).executeTakeFirst();
}

/** What has been refunded of a sale, from its charges' refunds (none: 0). */
export function refundedOf(store: Store, paymentIntent: string | null): Promise<number> {
  return refundedIn(store.db, paymentIntent);
}

/**
 * Erasure (`leads forget`) of a buyer: their sales keep the amounts, currency, product, day and
 * Stripe's payment id for the books, without the person: the email and Stripe customer go, the
 * events about those sales and their charges lose their payloads, and so does every other event
 * whose payload names the address (an expired checkout's fixed address, an event stored whole
 * before payloads were kept small), and jobs not yet sent (the owner's email, the buyers' list)
 * are dropped. Later events about them store no payload.
 */
export async function forgetBuyer(
  trx: Transaction<Database>,
  address: string,
  now: string,
): Promise<{ sales: number; outboxJobs: number }> {
  const sales = await trx
    .selectFrom('sales')
    .select(['id', 'payment_intent'])
    .where('email', '=', address)
    .execute();
  await trx
    .updateTable('stripe_events')
    .set({ payload: null })
    .where((eb) => eb.or(spellingsInJson(address).map((spelling) => payloadHolds(spelling))))
    .execute();
  return eraseBuyers(trx, sales, now);
}

/**
 * `payload` holds `text`, in any case (SQLite's lower() folds ASCII letters only, PostgreSQL's
 * every letter). % and _ are the address's own characters here, not wildcards.
 */
function payloadHolds(text: string) {
  const pattern = `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql<SqlBool>`lower(payload) like ${pattern} escape '\\'`;
}

/**
 * How an address may be written inside a JSON text: as it is, and with what a JSON writer may
 * escape escaped (Stripe's or an older version's: a non-ASCII letter as \uXXXX, a slash as \/).
 */
function spellingsInJson(address: string): string[] {
  const unicode = address.replace(
    /[^\x20-\x7e]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
  return [...new Set([address, unicode, address.replace(/\//g, '\\/')])];
}

/**
 * `leads prune`: Stripe's events made before `cutoff` lose their payloads, as the buyers of the
 * sales made before it do. The rows stay (their ids recognise a redelivery); the books are the
 * sales and refunds, which keep every amount.
 */
export async function pruneStripeEvents(
  trx: Transaction<Database>,
  cutoff: string,
): Promise<number> {
  const pruned = await trx
    .updateTable('stripe_events')
    .set({ payload: null })
    .where('created_at', '<', cutoff)
    .where('payload', 'is not', null)
    .executeTakeFirst();
  return Number(pruned.numUpdatedRows);
}

/** `leads prune`: the buyers of sales made before `cutoff` go, their amounts stay. */
export async function pruneBuyers(
  trx: Transaction<Database>,
  cutoff: string,
  now: string,
): Promise<{ sales: number; outboxJobs: number }> {
  const sales = await trx
    .selectFrom('sales')
    .select(['id', 'payment_intent'])
    .where('created_at', '<', cutoff)
    .where('erased_at', 'is', null)
    .execute();
  return eraseBuyers(trx, sales, now);
}

async function eraseBuyers(
  trx: Transaction<Database>,
  sales: readonly { id: string; payment_intent: string | null }[],
  now: string,
): Promise<{ sales: number; outboxJobs: number }> {
  if (sales.length === 0) return { sales: 0, outboxJobs: 0 };
  const ids = sales.map((sale) => sale.id);
  const paymentIntents = sales.flatMap((sale) =>
    sale.payment_intent ? [sale.payment_intent] : [],
  );
  const charges =
    paymentIntents.length > 0
      ? (
          await trx
            .selectFrom('sale_refunds')
            .select('charge_id')
            .where('payment_intent', 'in', paymentIntents)
            .execute()
        ).map((row) => row.charge_id)
      : [];
  await trx
    .updateTable('stripe_events')
    .set({ payload: null })
    .where('object_id', 'in', [...ids, ...charges])
    .execute();
  const outboxJobs = await dropJobsOf(trx, ids);
  await trx
    .updateTable('sales')
    .set({ email: null, customer: null, erased_at: now })
    .where('id', 'in', ids)
    .execute();
  return { sales: ids.length, outboxJobs };
}

/** The columns of `leads export sales`, in order (also the CSV header). */
export const saleExportColumns = [
  'id',
  'created_at',
  'status',
  'livemode',
  'amount',
  'refunded',
  'currency',
  'product',
  'source',
  'host',
  'path',
  'click_day',
  'experiment',
  'variant',
  'reference',
  'email',
  'payment_intent',
  'customer',
  'payment_link',
  'erased_at',
] as const;

/**
 * What each payment's charges have had refunded (`refunds.refunded`, smallest units), summed per
 * payment so that refunds net out whatever order they came in: a table to join by
 * `refunds.payment_intent` (a sale's, or a cohort offer's, whose payment is a sale too).
 */
export function refundsPerPayment(store: Pick<Store, 'db'>) {
  return store.db
    .selectFrom('sale_refunds')
    .select('payment_intent')
    .select((e) => e.fn.sum<number | string>('amount_refunded').as('refunded'))
    .groupBy('payment_intent')
    .as('refunds');
}

/** Sales joined with what their charges have had refunded (`refunds.refunded`, null for none). */
export function salesWithRefunds(store: Store) {
  return store.db
    .selectFrom('sales')
    .leftJoin(refundsPerPayment(store), (join) =>
      join.onRef('refunds.payment_intent', '=', 'sales.payment_intent'),
    );
}

/** Every sale, oldest first, with what has been refunded of it (smallest units). */
export async function exportSales(store: Store, { since }: { since?: Date }) {
  const rows = await salesWithRefunds(store)
    .selectAll('sales')
    .select('refunds.refunded')
    .$if(since !== undefined, (qb) =>
      qb.where('sales.created_at', '>=', since?.toISOString() ?? ''),
    )
    .orderBy('sales.created_at')
    .orderBy('sales.id')
    .execute();
  return rows.map((row) => {
    const sale: Record<(typeof saleExportColumns)[number], string | number | null> = {
      id: row.id,
      created_at: row.created_at,
      status: row.status,
      livemode: row.livemode,
      amount: row.amount,
      refunded: Math.min(Number(row.refunded ?? 0), row.amount),
      currency: row.currency,
      product: row.product,
      source: row.source,
      host: row.host,
      path: row.path,
      click_day: row.click_day,
      experiment: row.experiment,
      variant: row.variant,
      reference: row.reference,
      email: row.email,
      payment_intent: row.payment_intent,
      customer: row.customer,
      payment_link: row.payment_link,
      erased_at: row.erased_at,
    };
    return sale;
  });
}
