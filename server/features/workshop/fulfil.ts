import type { Transaction } from 'kysely';
import { enqueue, enqueueOnce } from '../../db/outbox';
import type { Database, OutboxJobKind, SaleTable } from '../../db/schema';
import type { Fulfil, FulfilmentFacts } from '../sales';
import { addAttendee, disputeAttendee, refundAttendee } from './attendees';
import { type PaidSession, type PaymentCheckDeps, paidSession } from './payment-check';
import { reminderId, reminderTimes } from './queue-emails';
import { findHold, keepHold, releaseHold, returnSeat, takeHold, type WorkshopHold } from './seats';
import { ensureSession, sessionRow } from './sessions';

/**
 * Fulfilment (docs/decisions/032-workshop-delivered.md, "Fulfilment"): what Stripe's events mean
 * for the workshop, done inside the sales' transaction of each event on its first delivery
 * (server/features/sales/store.ts `recordStripeEvent`), so that a payment, its attendee, its seat
 * and its emails are stored together or not at all. A paid Checkout Session makes one attendee
 * (its id the session's: a second event about it, however it races, adds nothing and queues
 * nothing), takes its seat and queues the attendee's jobs; an expired or failed one gives its
 * seat back; a refund in full cancels the attendee and gives the seat back. A payment that did not
 * buy the session as it is sold (payment-check.ts) makes an attendee held for the owner, who is
 * sent nothing until confirmed; a dispute stops an attendee's emails until it is settled, and one
 * lost gives the seat back (docs/decisions/034-selling-that-cannot-be-gamed.md).
 */

/** The jobs an attendee gets, as the wiring says which are on (server/outbox/forwarding.ts). */
export type JobsForAttendee = () => readonly OutboxJobKind[];

/** Sent as soon as the attendee is made; the reminders wait for their time (queue-emails.ts). */
const queuedAtOnce = ['workshop-confirmation', 'kit-purchase', 'kit-workshop-tag'] as const;
const reminders = ['workshop-reminder-day', 'workshop-reminder-hour'] as const;

export interface FulfilmentDeps extends PaymentCheckDeps {
  jobsForAttendee: JobsForAttendee;
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
      case 'dispute':
        await dispute(trx, facts, now);
        return [];
      case 'checkout':
        return checkout(trx, facts, now, deps);
    }
  };
}

/**
 * A dispute opened stops the attendee's emails (each job reads the attendee when it runs,
 * jobs.ts); closed won (or an inquiry closed without a chargeback), they go on as before; lost,
 * the money went back to the buyer's bank, so the attendee is out as a refunded one is and the
 * seat is given back.
 */
async function dispute(
  trx: Transaction<Database>,
  { dispute }: Extract<FulfilmentFacts, { kind: 'dispute' }>,
  now: string,
) {
  if (!dispute.paymentIntent) return;
  const state = !dispute.closed ? 'open' : dispute.status === 'lost' ? 'lost' : 'won';
  const attendee = await disputeAttendee(trx, dispute.paymentIntent, state, now);
  if (state === 'lost' && attendee?.hold_id) await returnSeat(trx, attendee.hold_id, now);
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
  const paid = paidSession(facts, hold, deps);
  const session = paid && (await sessionOf(trx, paid, now));
  if (!paid || !session) return [];
  if (sale.status === 'pending') {
    // Completed, paid by a method that settles later (a bank debit): the seat stays held for it
    // until the session starts, unless the payment fails first.
    await keepHold(trx, sale.id, session.start);
    return [];
  }
  return admit(trx, facts, { hold, session, paid }, now, deps);
}

/**
 * The session's start as the store knows it (moved or not), its row made from the content's
 * for a session no hold made yet; none for a session neither knows.
 */
async function sessionOf(
  trx: Transaction<Database>,
  { id, content }: PaidSession,
  now: string,
): Promise<{ id: string; start: string } | null> {
  const known = await sessionRow({ db: trx }, id);
  if (known) return { id, start: known.start };
  if (!content) return null;
  const start = new Date(content.start).toISOString();
  return { id, start: (await ensureSession(trx, { id, start }, now)).start };
}

async function admit(
  trx: Transaction<Database>,
  { sale, checkout, refunded }: Extract<FulfilmentFacts, { kind: 'checkout' }>,
  {
    hold,
    session,
    paid,
  }: { hold: WorkshopHold | undefined; session: { id: string; start: string }; paid: PaidSession },
  now: string,
  deps: FulfilmentDeps,
): Promise<readonly OutboxJobKind[]> {
  const { expected, reasons } = paid;
  // Refunded in full before this event came (Stripe's events may arrive in any order).
  const alreadyRefunded = sale.amount > 0 && refunded >= sale.amount;
  const held = reasons.length > 0;
  const added = await addAttendee(trx, {
    id: sale.id,
    session_id: session.id,
    hold_id: hold?.id ?? null,
    created_at: now,
    status: alreadyRefunded ? 'refunded' : held ? 'review' : 'confirmed',
    name: checkout.name,
    email: sale.email,
    amount: sale.amount,
    currency: sale.currency,
    expected_amount: expected?.amount ?? null,
    expected_currency: expected?.currency ?? null,
    mismatch: reasons.includes('price') || reasons.includes('currency') ? 1 : 0,
    payment_intent: sale.payment_intent,
    livemode: sale.livemode,
    host: sale.host,
    path: sale.path,
    source: sale.source,
    experiment: sale.experiment,
    variant: sale.variant,
    refunded_at: alreadyRefunded ? now : null,
    erased_at: sale.erased_at,
    review_reason: held ? reasons.join(',') : null,
    confirmed_at: null,
    dispute: null,
    disputed_at: null,
    joining_link_sent: null,
  });
  if (!added) return [];
  if (alreadyRefunded) {
    if (hold) await releaseHold(trx, { hold: hold.id }, now);
    return [];
  }
  if (held) {
    // Our own checkout's seat stays held for the owner to decide, until the session starts: a
    // buyer the owner confirms has a seat to take. Nothing is sent and nothing counts as sold.
    await keepHold(trx, sale.id, session.start);
    return [];
  }
  await takeHold(trx, { checkoutSession: sale.id, hold: hold?.id ?? null });
  return queueJobs(trx, sale, session.start, now, deps);
}

/**
 * The attendee's jobs, those the wiring has on: the confirmation, Kit's purchase and tag at once,
 * and each reminder still ahead, named by the attendee so that it is queued once (a new start
 * moves it, queue-emails.ts). None without an address to send to.
 */
export async function queueJobs(
  trx: Transaction<Database>,
  sale: Pick<SaleTable, 'id' | 'email'>,
  start: string,
  now: string,
  deps: Pick<FulfilmentDeps, 'jobsForAttendee'>,
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
