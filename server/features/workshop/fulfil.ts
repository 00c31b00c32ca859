import type { Transaction } from 'kysely';
import type { WorkshopCheckout } from '../../../contracts/render-slices';
import { nextSession } from '../../../contracts/workshop-sessions';
import { enqueue, enqueueOnce } from '../../db/outbox';
import type { Database, OutboxJobKind, SaleTable } from '../../db/schema';
import type { Fulfil, FulfilmentFacts } from '../sales';
import { addAttendee, refundAttendee } from './attendees';
import { reminderId, reminderTimes } from './queue-emails';
import {
  findHold,
  keepHold,
  priceInMinorUnits,
  releaseHold,
  returnSeat,
  takeHold,
  type WorkshopHold,
} from './seats';
import { ensureSession, sessionRow } from './sessions';

/**
 * Fulfilment (docs/decisions/032-workshop-delivered.md, "Fulfilment"): what Stripe's events mean
 * for the workshop, done inside the sales' transaction of each event on its first delivery
 * (server/features/sales/store.ts `recordStripeEvent`), so that a payment, its attendee, its seat
 * and its emails are stored together or not at all. A paid Checkout Session makes one attendee
 * (its id the session's: a second event about it, however it races, adds nothing and queues
 * nothing), takes its seat and queues the attendee's jobs; an expired or failed one gives its
 * seat back; a refund in full cancels the attendee and gives the seat back.
 */

/** The jobs an attendee gets, as the wiring says which are on (server/outbox/forwarding.ts). */
export type JobsForAttendee = () => readonly OutboxJobKind[];

/** Sent as soon as the attendee is made; the reminders wait for their time (queue-emails.ts). */
const queuedAtOnce = ['workshop-confirmation', 'kit-purchase', 'kit-workshop-tag'] as const;
const reminders = ['workshop-reminder-day', 'workshop-reminder-hour'] as const;

export interface FulfilmentDeps {
  jobsForAttendee: JobsForAttendee;
  /** Every session the content sells, by its name (the render's workshop slice). */
  sessions: () => ReadonlyMap<string, WorkshopCheckout>;
  /**
   * The sessions a page sold at its path (its checkout block's, else the workshop's): for a
   * payment our redirect sent to a Payment Link, whose session names none of ours.
   */
  sessionsSoldAt: (path: string | null) => readonly WorkshopCheckout[];
}

export function workshopFulfilment(deps: FulfilmentDeps): Fulfil {
  return async (trx, facts, now) => {
    switch (facts.kind) {
      case 'expired':
        await releaseHold(trx, { checkoutSession: facts.expired.id }, now);
        return [];
      case 'refund':
        await refund(trx, facts, now);
        return [];
      case 'checkout':
        return checkout(trx, facts, now, deps);
    }
  };
}

async function refund(
  trx: Transaction<Database>,
  { refund, refunded }: Extract<FulfilmentFacts, { kind: 'refund' }>,
  now: string,
) {
  if (!refund.paymentIntent) return;
  // A partial refund changes nothing here: the funnel already nets it from the revenue.
  const attendee = await refundAttendee(trx, refund.paymentIntent, refunded, now);
  if (attendee?.hold_id) await returnSeat(trx, attendee.hold_id, now);
}

async function checkout(
  trx: Transaction<Database>,
  facts: Extract<FulfilmentFacts, { kind: 'checkout' }>,
  now: string,
  deps: FulfilmentDeps,
): Promise<readonly OutboxJobKind[]> {
  const { sale } = facts;
  if (sale.status === 'failed') {
    await releaseHold(trx, { checkoutSession: sale.id }, now);
    return [];
  }
  const hold = await findHold(trx, {
    checkoutSession: sale.id,
    hold: facts.checkout.metadata.hold ?? null,
  });
  const session = await sessionOf(trx, facts, hold, now, deps);
  if (!session) return [];
  if (sale.status === 'pending') {
    // Completed, paid by a method that settles later (a bank debit): the seat stays held for it
    // until the session starts, unless the payment fails first.
    await keepHold(trx, sale.id, session.start);
    return [];
  }
  return admit(trx, facts, { hold, session }, now, deps);
}

/**
 * The session a payment is for: the one our Checkout Session names (its hold's, else its
 * metadata's); for a Payment Link's checkout, only when its reference is ours (it came through
 * our redirect, so it bought the workshop), the session that redirect sold at its page when the
 * checkout was made. Else none: a payment for something else on the same Stripe account.
 */
async function sessionOf(
  trx: Transaction<Database>,
  { sale, checkout }: Extract<FulfilmentFacts, { kind: 'checkout' }>,
  hold: WorkshopHold | undefined,
  now: string,
  deps: FulfilmentDeps,
): Promise<{ id: string; start: string } | null> {
  const named = hold?.session_id ?? checkout.metadata.workshop_session;
  const content = named
    ? deps.sessions().get(named)
    : sale.click_day !== null
      ? nextSession(deps.sessionsSoldAt(sale.path), Date.parse(sale.created_at))
      : null;
  const id = named ?? content?.id;
  if (!id) return null;
  // The row knows the start as published, moved or not; a session no hold made has none yet.
  const known = await sessionRow({ db: trx }, id);
  if (known) return { id, start: known.start };
  if (!content) return null;
  const start = new Date(content.start).toISOString();
  return { id, start: (await ensureSession(trx, { id, start }, now)).start };
}

async function admit(
  trx: Transaction<Database>,
  { sale, checkout, refunded }: Extract<FulfilmentFacts, { kind: 'checkout' }>,
  { hold, session }: { hold: WorkshopHold | undefined; session: { id: string; start: string } },
  now: string,
  deps: FulfilmentDeps,
): Promise<readonly OutboxJobKind[]> {
  const expected = hold
    ? { amount: hold.amount, currency: hold.currency }
    : expectedPrice(deps.sessions().get(session.id));
  // A promotion code's discount is the owner's own offer: the amount before it is compared.
  const paid = checkout.amountSubtotal ?? sale.amount;
  // Refunded in full before this event came (Stripe's events may arrive in any order).
  const alreadyRefunded = sale.amount > 0 && refunded >= sale.amount;
  const added = await addAttendee(trx, {
    id: sale.id,
    session_id: session.id,
    hold_id: hold?.id ?? null,
    created_at: now,
    status: alreadyRefunded ? 'refunded' : 'confirmed',
    name: checkout.name,
    email: sale.email,
    amount: sale.amount,
    currency: sale.currency,
    expected_amount: expected?.amount ?? null,
    expected_currency: expected?.currency ?? null,
    mismatch: expected && (expected.amount !== paid || expected.currency !== sale.currency) ? 1 : 0,
    payment_intent: sale.payment_intent,
    livemode: sale.livemode,
    host: sale.host,
    path: sale.path,
    source: sale.source,
    experiment: sale.experiment,
    variant: sale.variant,
    refunded_at: alreadyRefunded ? now : null,
    erased_at: sale.erased_at,
  });
  if (!added) return [];
  if (alreadyRefunded) {
    if (hold) await releaseHold(trx, { hold: hold.id }, now);
    return [];
  }
  await takeHold(trx, { checkoutSession: sale.id, hold: hold?.id ?? null });
  return queueJobs(trx, sale, session.start, now, deps);
}

/** What a payment without a hold should have been: the content's price of its session. */
function expectedPrice(
  session: WorkshopCheckout | undefined,
): { amount: number; currency: string } | null {
  return session ? priceInMinorUnits(session.price) : null;
}

/**
 * The attendee's jobs, those the wiring has on: the confirmation, Kit's purchase and tag at once,
 * and each reminder still ahead, named by the attendee so that it is queued once (a new start
 * moves it, queue-emails.ts). None without an address to send to.
 */
async function queueJobs(
  trx: Transaction<Database>,
  sale: Pick<SaleTable, 'id' | 'email'>,
  start: string,
  now: string,
  deps: FulfilmentDeps,
): Promise<OutboxJobKind[]> {
  if (!sale.email) return [];
  const on = new Set(deps.jobsForAttendee());
  const atOnce = queuedAtOnce.filter((kind) => on.has(kind));
  await enqueue(trx, sale.id, atOnce, now);
  const queued: OutboxJobKind[] = [...atOnce];
  for (const kind of reminders) {
    const dueAt = Date.parse(start) - reminderTimes[kind].before;
    if (!on.has(kind) || dueAt <= Date.parse(now)) continue;
    await enqueueOnce(trx, {
      id: reminderId(kind, sale.id, 0),
      kind,
      leadId: sale.id,
      now,
      dueAt: new Date(dueAt).toISOString(),
    });
    queued.push(kind);
  }
  return queued;
}
