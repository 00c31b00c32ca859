import type { WorkshopSlice } from '../../../contracts/render-slices';
import {
  type WorkshopAnswer,
  type WorkshopAttendee,
  type WorkshopHolds,
  type WorkshopSessionOverview,
  workshopReviewReasons,
} from '../../../contracts/room/workshop';
import { type OutboxJobTable, outboxJobKinds, type WorkshopAttendeeTable } from '../../db/schema';
import type { Store } from '../../db/store';
import { salesWithRefunds } from '../sales';
import { joiningLinkDigest } from './attendees';
import { checkoutsSince, holding, seatsTaken } from './seats';
import { sessionRows, type WorkshopSessionRow } from './sessions';

/**
 * What the owner reads of the workshop (the room's Workshop view and `npm run leads -- workshop`,
 * docs/decisions/032-workshop-delivered.md): each session's seats, money and private links, its
 * attendees with the emails they were sent, and its open holds. Reads only: the tables' writers
 * are sessions.ts, seats.ts and attendees.ts.
 */

/**
 * A session the published content sells: the workshop's, or an owner's page's checkout block's.
 * A render made before sessions had seats has none (contracts/render-slices/sales.ts).
 */
export interface PublishedSession {
  id: string;
  start: string;
  seats?: number;
}

/** The sessions a render sells (its workshop's slice), none for a render from before them. */
export const publishedSessions = (workshop: WorkshopSlice | null): PublishedSession[] =>
  workshop ? [...workshop.sessions.values()] : [];

/** A session of the content, or one only the store still knows (its attendees stay). */
export interface KnownSession {
  id: string;
  start: string;
  published: PublishedSession | null;
  row: WorkshopSessionRow | null;
}

/**
 * The sessions the owner can act on: every one the published content names (the first naming of
 * an id counts: the build refuses two that differ), and every one the store has a row for, so a
 * session taken out of the content keeps its attendees in the room. The first to start first.
 */
export async function knownSessions(
  store: Store,
  published: readonly PublishedSession[],
): Promise<KnownSession[]> {
  const rows = new Map((await sessionRows(store)).map((row) => [row.id, row]));
  const sessions = new Map<string, KnownSession>();
  for (const session of published) {
    if (sessions.has(session.id)) continue;
    const start = new Date(session.start).toISOString();
    sessions.set(session.id, {
      id: session.id,
      start,
      published: session,
      row: rows.get(session.id) ?? null,
    });
  }
  for (const row of rows.values()) {
    if (!sessions.has(row.id))
      sessions.set(row.id, { id: row.id, start: row.start, published: null, row });
  }
  return [...sessions.values()].sort(
    (a, b) => Date.parse(a.start) - Date.parse(b.start) || (a.id < b.id ? -1 : 1),
  );
}

/** One session the owner names, or undefined when neither the content nor the store knows it. */
export async function knownSession(
  store: Store,
  published: readonly PublishedSession[],
  id: string,
): Promise<KnownSession | undefined> {
  return (await knownSessions(store, published)).find((session) => session.id === id);
}

/** A sale's amount net of what its charges had refunded, never below nothing (as the funnel). */
const net = (amount: number, refunded: number | string | null) =>
  amount - Math.min(Number(refunded ?? 0), amount);

/** Every session's seats, money, cancellation and links, at `now`. */
export async function workshopOverview(
  store: Store,
  { published, now }: { published: readonly PublishedSession[]; now: Date },
): Promise<WorkshopAnswer['sessions']> {
  const [sessions, taken, counts, sales, checkouts] = await Promise.all([
    knownSessions(store, published),
    seatsTaken(store, now.toISOString()),
    store.db
      .selectFrom('workshop_attendees')
      .select((eb) => [
        'session_id',
        eb.fn
          .sum<number | string | null>(
            eb.case().when('status', '=', 'refunded').then(1).else(0).end(),
          )
          .as('refunded'),
        eb.fn.sum<number | string | null>('mismatch').as('mismatches'),
        eb.fn
          .sum<number | string | null>(
            eb.case().when('status', '=', 'review').then(1).else(0).end(),
          )
          .as('review'),
        eb.fn
          .sum<number | string | null>(eb.case().when('dispute', '=', 'open').then(1).else(0).end())
          .as('disputed'),
      ])
      .groupBy('session_id')
      .execute(),
    // The attendees' sales, each net of its refunds: what the funnel counts as revenue. One held
    // for review is no sale until the owner confirms it.
    salesWithRefunds(store)
      .innerJoin('workshop_attendees', 'workshop_attendees.id', 'sales.id')
      .select(['workshop_attendees.session_id', 'sales.amount', 'sales.currency'])
      .select('refunds.refunded')
      .where('sales.status', '=', 'paid')
      .where('workshop_attendees.status', '!=', 'review')
      .execute(),
    checkoutsSince(store, new Date(now.getTime() - 86_400_000).toISOString()),
  ]);
  const revenue = new Map<string, Record<string, number>>();
  for (const sale of sales) {
    const money = revenue.get(sale.session_id) ?? {};
    const currency = sale.currency.toLowerCase();
    money[currency] = (money[currency] ?? 0) + net(sale.amount, sale.refunded);
    revenue.set(sale.session_id, money);
  }
  const countsOf = new Map(counts.map((row) => [row.session_id, row]));
  const withLink = await refundedWithLink(store, sessions);
  return sessions.map((session): WorkshopSessionOverview => {
    const seats = taken[session.id] ?? { sold: 0, held: 0, cancelled: false };
    const capacity = session.published?.seats ?? null;
    const { row } = session;
    return {
      id: session.id,
      start: session.start,
      published: session.published !== null,
      seats: capacity,
      sold: seats.sold,
      held: seats.held,
      left: capacity === null ? null : Math.max(0, capacity - seats.sold - seats.held),
      refunded: Number(countsOf.get(session.id)?.refunded ?? 0),
      revenue: revenue.get(session.id) ?? {},
      mismatches: Number(countsOf.get(session.id)?.mismatches ?? 0),
      review: Number(countsOf.get(session.id)?.review ?? 0),
      disputed: Number(countsOf.get(session.id)?.disputed ?? 0),
      refundedWithLink: withLink.get(session.id) ?? 0,
      checkoutsLastDay: checkouts.get(session.id) ?? { opened: 0, paid: 0 },
      cancelledAt: row?.cancelled_at ?? null,
      started: Date.parse(session.start) <= now.getTime(),
      joiningLink: row?.joining_link ?? null,
      replayLink: row?.replay_link ?? null,
      replayQueuedAt: row?.replay_queued_at ?? null,
    };
  });
}

/**
 * Per session, its attendees out of it (refunded, or their dispute lost) whose emails carried the
 * joining link the session has now: they can still join until the owner changes it.
 */
async function refundedWithLink(
  store: Store,
  sessions: readonly KnownSession[],
): Promise<Map<string, number>> {
  const linked = sessions.flatMap((session) =>
    session.row?.joining_link
      ? [{ id: session.id, digest: joiningLinkDigest(session.row.joining_link) }]
      : [],
  );
  if (linked.length === 0) return new Map();
  const rows = await store.db
    .selectFrom('workshop_attendees')
    .select(['session_id', 'joining_link_sent'])
    .where('status', '=', 'refunded')
    .where(
      'session_id',
      'in',
      linked.map((session) => session.id),
    )
    .where('joining_link_sent', 'is not', null)
    .execute();
  return new Map(
    linked.map(({ id, digest }) => [
      id,
      rows.filter((row) => row.session_id === id && row.joining_link_sent === digest).length,
    ]),
  );
}

/** The outbox's kinds that are emails to an attendee (Kit's purchase and tag are not). */
const attendeeEmailKinds = outboxJobKinds.filter((kind) => kind.startsWith('workshop-'));

/** Where the owner sees a payment in Stripe, and refunds it: test payments under /test. */
export const stripePaymentUrl = (paymentIntent: string, livemode: 0 | 1): string =>
  `https://dashboard.stripe.com/${livemode ? '' : 'test/'}payments/${encodeURIComponent(paymentIntent)}`;

/** A session's attendees, the first to pay first, each with its refunds and its emails. */
export async function sessionAttendees(
  store: Store,
  sessionId: string,
): Promise<WorkshopAttendee[]> {
  return (await attendeesWhere(store, { session: sessionId })).map(({ attendee }) => attendee);
}

/**
 * Every attendee of every session, the first to pay first (those since `since` when given), as
 * `npm run leads -- export attendees` and the room's Leads view export them: the same columns as
 * a session's list, with the session each is for.
 */
export async function exportAttendees(store: Store, { since }: { since?: Date }) {
  return (await attendeesWhere(store, { since })).map(({ session, attendee }) =>
    attendeeExportRow(session, attendee),
  );
}

async function attendeesWhere(
  store: Store,
  { session, since }: { session?: string; since?: Date },
): Promise<{ session: string; attendee: WorkshopAttendee }[]> {
  const attendees = await store.db
    .selectFrom('workshop_attendees')
    .selectAll()
    .$if(session !== undefined, (qb) => qb.where('session_id', '=', session ?? ''))
    .$if(since !== undefined, (qb) => qb.where('created_at', '>=', since?.toISOString() ?? ''))
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  if (attendees.length === 0) return [];
  const ids = attendees.map((attendee) => attendee.id);
  const [refunds, jobs] = await Promise.all([
    salesWithRefunds(store)
      .select(['sales.id', 'sales.payment_link', 'refunds.refunded'])
      .where('sales.id', 'in', ids)
      .execute(),
    // The attendee's own emails: the sale's jobs (the owner's email, Kit) share the id.
    store.db
      .selectFrom('outbox_jobs')
      .select(['lead_id', 'kind', 'status', 'sent_at'])
      .where('lead_id', 'in', ids)
      .where('kind', 'in', attendeeEmailKinds)
      .orderBy('created_at')
      .orderBy('id')
      .execute(),
  ]);
  const saleOf = new Map(refunds.map((sale) => [sale.id, sale]));
  return attendees.map((attendee) => ({
    session: attendee.session_id,
    attendee: attendeeOf(attendee, {
      refunded: Number(saleOf.get(attendee.id)?.refunded ?? 0),
      paidThrough: saleOf.get(attendee.id)?.payment_link ?? null,
      emails: jobs.filter((job) => job.lead_id === attendee.id),
    }),
  }));
}

/** An attendee as the room shows it: its refunds netted, its emails, its payment in Stripe. */
function attendeeOf(
  attendee: WorkshopAttendeeTable,
  {
    refunded,
    paidThrough,
    emails,
  }: {
    refunded: number;
    paidThrough: string | null;
    emails: readonly Pick<OutboxJobTable, 'kind' | 'status' | 'sent_at'>[];
  },
): WorkshopAttendee {
  return {
    id: attendee.id,
    createdAt: attendee.created_at,
    status: attendee.status,
    reviewReasons: workshopReviewReasons.filter((reason) =>
      (attendee.review_reason ?? '').split(',').includes(reason),
    ),
    paidThrough,
    dispute: attendee.dispute ?? null,
    name: attendee.name,
    email: attendee.email,
    erased: attendee.erased_at !== null,
    source: attendee.source,
    experiment: attendee.experiment,
    variant: attendee.variant,
    amount: attendee.amount,
    currency: attendee.currency,
    refunded: Math.min(refunded, attendee.amount),
    mismatch: attendee.mismatch === 1,
    expectedAmount: attendee.expected_amount,
    expectedCurrency: attendee.expected_currency,
    emails: emails.map((job) => ({ kind: job.kind, status: job.status, sentAt: job.sent_at })),
    payment: attendee.payment_intent
      ? stripePaymentUrl(attendee.payment_intent, attendee.livemode)
      : null,
  };
}

/** The columns of a session's attendees as CSV, in order (also its header). */
export const attendeeExportColumns = [
  'id',
  'created_at',
  'session',
  'status',
  'name',
  'email',
  'amount',
  'refunded',
  'currency',
  'mismatch',
  'review',
  'dispute',
  'expected_amount',
  'expected_currency',
  'source',
  'experiment',
  'variant',
  'emails',
  'payment',
  'erased',
] as const;

/** An attendee as a row of the CSV: amounts in the smallest unit, the emails as kind:status. */
export function attendeeExportRow(
  sessionId: string,
  attendee: WorkshopAttendee,
): Record<(typeof attendeeExportColumns)[number], string | number | null> {
  return {
    id: attendee.id,
    created_at: attendee.createdAt,
    session: sessionId,
    status: attendee.status,
    name: attendee.name,
    email: attendee.email,
    amount: attendee.amount,
    refunded: attendee.refunded,
    currency: attendee.currency,
    mismatch: attendee.mismatch ? 1 : 0,
    review: attendee.reviewReasons.join(' '),
    dispute: attendee.dispute,
    expected_amount: attendee.expectedAmount,
    expected_currency: attendee.expectedCurrency,
    source: attendee.source,
    experiment: attendee.experiment,
    variant: attendee.variant,
    emails: attendee.emails.map((email) => `${email.kind}:${email.status}`).join(' '),
    payment: attendee.payment,
    erased: attendee.erased ? 1 : 0,
  };
}

/** How many of a client hash the room shows: enough to tell clients apart, no more. */
const clientShown = 12;

/** A session's seats held by checkouts still open at `now`, by client (its hash, never an address). */
export async function sessionHolds(
  store: Store,
  sessionId: string,
  now: Date,
): Promise<WorkshopHolds> {
  const rows = await store.db
    .selectFrom('workshop_holds')
    .select((eb) => ['client_hash', eb.fn.countAll<number | string>().as('holds')])
    .where('session_id', '=', sessionId)
    .where(holding(now.toISOString()))
    .groupBy('client_hash')
    .execute();
  const clients = rows
    .map((row) => ({ client: row.client_hash.slice(0, clientShown), holds: Number(row.holds) }))
    .sort((a, b) => b.holds - a.holds || (a.client < b.client ? -1 : 1));
  return {
    session: sessionId,
    open: clients.reduce((sum, client) => sum + client.holds, 0),
    clients,
  };
}
