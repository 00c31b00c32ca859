import { randomUUID } from 'node:crypto';
import type { ExpressionBuilder, Kysely, Transaction } from 'kysely';
import { intakeSeatsKey } from '../../../contracts/cohort-intakes';
import type { SeatsTaken } from '../../../contracts/workshop-sessions';
import type { CohortApplicationTable, CohortOfferTable, Database } from '../../db/schema';
import type { Store } from '../../db/store';

/**
 * The one writer of the cohort's offers and of the intakes' lock rows (cohort_offers,
 * cohort_intakes; docs/decisions/033-cohort-applications.md, "The offer that pays"). An offer
 * holds a seat of its intake while it is open and not past `expires_at` (expired is computed,
 * never stored); paid, it is the applicant's enrolment, once; withdrawn when the owner moves the
 * application on; refunded in full, its seat is free again. Offers are made in transactions that
 * first lock their intake's row, so two owners, or two instances, count its seats in turn.
 */

export type CohortOffer = CohortOfferTable;

type OfferFilter = ExpressionBuilder<Database, 'cohort_offers'>;
type Reader = Kysely<Database> | Transaction<Database>;

/** An offer that holds its seat at `now`: open and not past its time. */
const holding = (now: string) => (eb: OfferFilter) =>
  eb.and([eb('status', '=', 'open'), eb('expires_at', '>', now)]);

/**
 * Makes sure the intake has its row, then locks it for the rest of the transaction: on PostgreSQL
 * the update holds the row until commit (as `SELECT … FOR UPDATE` would), so the next offer of
 * this intake, from any instance, waits there and then counts what this one made; SQLite has one
 * writer at a time.
 */
export async function lockIntake(
  trx: Transaction<Database>,
  intake: string,
  now: string,
): Promise<void> {
  await trx
    .insertInto('cohort_intakes')
    .values({ intake, updated_at: now })
    .onConflict((conflict) => conflict.column('intake').doNothing())
    .execute();
  await trx
    .updateTable('cohort_intakes')
    .set({ updated_at: now })
    .where('intake', '=', intake)
    .execute();
}

/** An intake's seats as the store knows them: enrolled, and held by offers still open. */
export interface IntakeCounts {
  enrolled: number;
  open: number;
}

/**
 * The intake's enrolled offers and its open ones at `now`; with `before`, only the open offers
 * made before that one (by `created_at`, then id), which the link's seat order reads.
 */
async function countSeats(
  db: Reader,
  intake: string,
  now: string,
  before?: Pick<CohortOffer, 'id' | 'created_at'>,
): Promise<IntakeCounts> {
  const rows = await db
    .selectFrom('cohort_offers')
    .select((eb) => ['status', eb.fn.countAll<number | string>().as('count')])
    .where('intake', '=', intake)
    .where((eb) =>
      eb.or([
        eb('status', '=', 'enrolled'),
        eb.and([
          holding(now)(eb),
          ...(before
            ? [
                eb.or([
                  eb('created_at', '<', before.created_at),
                  eb.and([eb('created_at', '=', before.created_at), eb('id', '<', before.id)]),
                ]),
              ]
            : []),
        ]),
      ]),
    )
    .groupBy('status')
    .execute();
  const of = (status: string) => Number(rows.find((row) => row.status === status)?.count ?? 0);
  return { enrolled: of('enrolled'), open: of('open') };
}

/** What the owner's acceptance makes: the offer, or the intake's counts when no seat is left. */
export type OfferMade = { offer: CohortOffer } | { full: IntakeCounts };

export interface OfferTerms {
  application: string;
  intake: string;
  /** The intake's seats in the content served now. */
  capacity: number;
  /** The content's price, in the smallest unit of `currency` (lower case). */
  amount: number;
  currency: string;
  now: string;
  /** Until when it holds its seat and its link can be paid. */
  expiresAt: string;
}

/**
 * An offer of a seat to an accepted application, in the caller's transaction (the status move's):
 * the intake locked, its seats counted, and the offer made only while enrolled and open offers
 * are fewer than its capacity. A refusal writes nothing here; the caller rolls the move back.
 */
export async function makeOffer(trx: Transaction<Database>, terms: OfferTerms): Promise<OfferMade> {
  await lockIntake(trx, terms.intake, terms.now);
  const counts = await countSeats(trx, terms.intake, terms.now);
  if (counts.enrolled + counts.open >= terms.capacity) return { full: counts };
  const offer: CohortOffer = {
    id: randomUUID(),
    application_id: terms.application,
    intake: terms.intake,
    status: 'open',
    created_at: terms.now,
    expires_at: terms.expiresAt,
    amount: terms.amount,
    currency: terms.currency,
    checkout_session: null,
    checkout_url: null,
    checkout_expires_at: null,
    enrolled_at: null,
    paid_amount: null,
    payment_intent: null,
    livemode: null,
    closed_at: null,
  };
  await trx.insertInto('cohort_offers').values(offer).execute();
  return { offer };
}

/** The application's paid offer, if it has one: its move is refused until it is refunded. */
export async function enrolledOfferOf(
  db: Reader,
  application: string,
): Promise<Pick<CohortOffer, 'id'> | undefined> {
  return db
    .selectFrom('cohort_offers')
    .select('id')
    .where('application_id', '=', application)
    .where('status', '=', 'enrolled')
    .executeTakeFirst();
}

/**
 * The owner moved the application away from accepted: its open offer is withdrawn, expired or
 * not, and its seat is free. Answers the Checkout Session its link opened while that can still be
 * paid at `now`, for the caller to expire at Stripe once this commits.
 */
export async function withdrawOffer(
  trx: Transaction<Database>,
  application: string,
  now: string,
): Promise<{ checkoutSession: string | null } | undefined> {
  const withdrawn = await trx
    .updateTable('cohort_offers')
    .set({ status: 'withdrawn', closed_at: now })
    .where('application_id', '=', application)
    .where('status', '=', 'open')
    .returning(['checkout_session', 'checkout_url', 'checkout_expires_at'])
    .executeTakeFirst();
  if (!withdrawn) return undefined;
  const payable =
    withdrawn.checkout_url !== null &&
    withdrawn.checkout_expires_at !== null &&
    withdrawn.checkout_expires_at > now;
  return { checkoutSession: payable ? withdrawn.checkout_session : null };
}

/**
 * An erasure or a prune: the applications' open offers are withdrawn (nobody is left to pay
 * them, and their seats are free); answers every offer of theirs, whose jobs go with them.
 */
export async function closeOffersOf(
  trx: Transaction<Database>,
  applications: readonly string[],
  now: string,
): Promise<string[]> {
  if (applications.length === 0) return [];
  await trx
    .updateTable('cohort_offers')
    .set({ status: 'withdrawn', closed_at: now })
    .where('application_id', 'in', applications)
    .where('status', '=', 'open')
    .execute();
  const offers = await trx
    .selectFrom('cohort_offers')
    .select('id')
    .where('application_id', 'in', applications)
    .execute();
  return offers.map((offer) => offer.id);
}

/** An offer as its link finds it, with what the checkout needs of its application. */
export interface LinkedOffer {
  offer: CohortOffer;
  application: Pick<
    CohortApplicationTable,
    'email' | 'erased_at' | 'created_at' | 'host' | 'page' | 'source' | 'experiment' | 'variant'
  >;
}

export async function linkedOffer(db: Reader, id: string): Promise<LinkedOffer | undefined> {
  const row = await db
    .selectFrom('cohort_offers')
    .innerJoin('cohort_applications', 'cohort_applications.id', 'cohort_offers.application_id')
    .selectAll('cohort_offers')
    .select([
      'cohort_applications.email',
      'cohort_applications.erased_at',
      'cohort_applications.created_at as applied_at',
      'cohort_applications.host',
      'cohort_applications.page',
      'cohort_applications.source',
      'cohort_applications.experiment',
      'cohort_applications.variant',
    ])
    .where('cohort_offers.id', '=', id)
    .executeTakeFirst();
  if (!row) return undefined;
  const { email, erased_at, applied_at, host, page, source, experiment, variant, ...offer } = row;
  return {
    offer,
    application: {
      email,
      erased_at,
      created_at: applied_at,
      host,
      page,
      source,
      experiment,
      variant,
    },
  };
}

/**
 * The seat order a link is judged by: an open offer may be paid while those enrolled, and the
 * intake's open offers made before it, are fewer than the intake's capacity. So after the owner
 * lowered the seats under the offers open, the earliest offers keep them and a later one's link
 * says the cohort is full, whatever order their links are clicked in.
 */
export async function withinSeats(
  db: Reader,
  offer: Pick<CohortOffer, 'id' | 'intake' | 'created_at'>,
  capacity: number,
  now: string,
): Promise<boolean> {
  const { enrolled, open } = await countSeats(db, offer.intake, now, offer);
  return enrolled + open < capacity;
}

/**
 * The link opened a Checkout Session: kept on the offer, only while it is still open and not
 * past its time. Its time is raised to the checkout's end and `marginMs` when that is later, so a
 * checkout opened in time can be paid in time. False when the offer was withdrawn, paid or
 * expired meanwhile: that session must not be paid.
 */
export async function recordCheckout(
  store: Store,
  {
    offer,
    checkoutSession,
    url,
    checkoutExpiresAt,
    holdUntil,
    now,
  }: {
    offer: string;
    checkoutSession: string;
    url: string;
    checkoutExpiresAt: string;
    /** The checkout's end and a margin, for a payment's event that comes a little late. */
    holdUntil: string;
    now: string;
  },
): Promise<boolean> {
  const recorded = await store.write(async (trx) => {
    const kept = await trx
      .updateTable('cohort_offers')
      .set({
        checkout_session: checkoutSession,
        checkout_url: url,
        checkout_expires_at: checkoutExpiresAt,
      })
      .where('id', '=', offer)
      .where(holding(now))
      .returning('id')
      .executeTakeFirst();
    if (!kept) return false;
    await trx
      .updateTable('cohort_offers')
      .set({ expires_at: holdUntil })
      .where('id', '=', offer)
      .where('expires_at', '<', holdUntil)
      .execute();
    return true;
  });
  return recorded;
}

/** What a paid Checkout Session of an offer says. */
export interface OfferPayment {
  offer: string;
  checkoutSession: string;
  paidAmount: number;
  paymentIntent: string | null;
  livemode: 0 | 1;
  now: string;
  /** Refunded in full before this event came: kept as refunded, its seat free. */
  refunded: boolean;
}

/**
 * The offer is paid: enrolled, whether still open or already withdrawn or expired (the buyer
 * paid; the seat is theirs). Only from open or withdrawn, so of two events about one payment, or
 * two payments of one offer, however they race, one enrols and the other finds nothing: true when
 * this one enrolled it.
 */
export async function enrolOffer(
  trx: Transaction<Database>,
  payment: OfferPayment,
): Promise<boolean> {
  const enrolled = await trx
    .updateTable('cohort_offers')
    .set({
      status: payment.refunded ? 'refunded' : 'enrolled',
      enrolled_at: payment.now,
      paid_amount: payment.paidAmount,
      payment_intent: payment.paymentIntent,
      livemode: payment.livemode,
      checkout_session: payment.checkoutSession,
      closed_at: payment.refunded ? payment.now : null,
    })
    .where('id', '=', payment.offer)
    .where('status', 'in', ['open', 'withdrawn'])
    .returning('id')
    .executeTakeFirst();
  return enrolled !== undefined;
}

/** The offer a Checkout Session was paid for, as it stands. */
export function offerRow(db: Reader, id: string): Promise<CohortOffer | undefined> {
  return db.selectFrom('cohort_offers').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * A checkout completed with its payment on its way (a bank debit): the offer keeps its seat until
 * `until` (its intake's start), when the payment succeeds (enrolled) or fails.
 */
export async function keepOfferSeat(
  trx: Transaction<Database>,
  { offer, until }: { offer: string; until: string },
): Promise<void> {
  await trx
    .updateTable('cohort_offers')
    .set({ expires_at: until })
    .where('id', '=', offer)
    .where('status', '=', 'open')
    .where('expires_at', '<', until)
    .execute();
}

/**
 * The payment on its way failed: the offer whose seat was kept for it ends now, its seat free (its
 * own window is not known here, and was most likely over while the bank took its days); the owner
 * may move the application away and back to accepted to offer the seat again.
 */
export async function endOfferOnFailure(
  trx: Transaction<Database>,
  { offer, now }: { offer: string; now: string },
): Promise<void> {
  await trx
    .updateTable('cohort_offers')
    .set({ expires_at: now })
    .where('id', '=', offer)
    .where(holding(now))
    .execute();
}

/**
 * The offer's Checkout Session expired unpaid: its link opens another next time, while the offer
 * lasts. Only its address goes: its id names the next one's idempotency key, and its end tells
 * whether the offer's own window is over (offer-checkout.ts). Only when it is the session the
 * offer last opened.
 */
export async function clearCheckout(
  trx: Transaction<Database>,
  { offer, checkoutSession }: { offer: string; checkoutSession: string },
): Promise<void> {
  await trx
    .updateTable('cohort_offers')
    .set({ checkout_url: null })
    .where('id', '=', offer)
    .where('checkout_session', '=', checkoutSession)
    .execute();
}

/**
 * A refund of a payment: in full (`refunded`, the running total over its charges, at least what
 * was paid), the offer it enrolled is refunded and its seat free; a partial one changes nothing
 * here (the funnel nets it from the revenue).
 */
export async function refundOffer(
  trx: Transaction<Database>,
  { paymentIntent, refunded, now }: { paymentIntent: string; refunded: number; now: string },
): Promise<void> {
  await trx
    .updateTable('cohort_offers')
    .set({ status: 'refunded', closed_at: now })
    .where('payment_intent', '=', paymentIntent)
    .where('status', '=', 'enrolled')
    .where('paid_amount', '<=', refunded)
    .execute();
}

/**
 * What the store knows of every intake's seats at `now`, as the workshop's sessions' are known
 * (contracts/workshop-sessions.ts `SeatsTaken`, keyed `intakeSeatsKey`): sold is its enrolled
 * offers, held its offers still open. The pages' re-render and the room read it.
 */
export async function cohortSeatsTaken(store: Pick<Store, 'db'>, now: string): Promise<SeatsTaken> {
  const rows = await store.db
    .selectFrom('cohort_offers')
    .select((eb) => ['intake', 'status', eb.fn.countAll<number | string>().as('count')])
    .where((eb) => eb.or([eb('status', '=', 'enrolled'), holding(now)(eb)]))
    .groupBy(['intake', 'status'])
    .execute();
  const taken: Record<string, { sold: number; held: number; cancelled: boolean }> = {};
  for (const row of rows) {
    const key = intakeSeatsKey(row.intake);
    const seats = taken[key] ?? { sold: 0, held: 0, cancelled: false };
    seats[row.status === 'enrolled' ? 'sold' : 'held'] = Number(row.count);
    taken[key] = seats;
  }
  return taken;
}
