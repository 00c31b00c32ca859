import type { Transaction } from 'kysely';
import { formatDay } from '../../../contracts/london-day';
import { toMinorUnits } from '../../../contracts/money';
import type { CohortSlice } from '../../../contracts/render-slices';
import { enqueueOnce } from '../../db/outbox';
import type { CohortApplicationStatus, Database, OutboxJobKind } from '../../db/schema';
import type { Refused } from '../workshop';
import { enrolledOfferOf, makeOffer, withdrawOffer } from './offers';

/**
 * What the owner's status move does to the application's offer
 * (docs/decisions/033-cohort-applications.md, "The offer that pays"), in the move's transaction:
 * accepting makes the offer, which holds a seat, or is refused beyond the intake's seats, and the
 * whole move with it; leaving accepted withdraws it; declining and waitlisting queue their email
 * once, when the content has its words. A paid application is not moved at all.
 */

/** What a move reads of the cohort the site serves now: its intakes' seats and the offer. */
export type ServedCohort = Pick<CohortSlice, 'admission' | 'intakes' | 'offer'>;

export interface OfferMoveDeps {
  /**
   * The cohort served at the move's moment; none, or one without an offer (a render made before
   * offers) or taking no applications: the move alone, as before offers.
   */
  cohort: ServedCohort | null;
  /** The cohort's jobs that are on (server/outbox/forwarding.ts `jobsForCohort`). */
  jobs: readonly OutboxJobKind[];
}

/** A move refused after its first write: thrown, so that its transaction rolls back whole. */
export class MoveRefused extends Error {
  constructor(readonly answer: Refused) {
    super(answer.refused);
  }
}

const hourMs = 3_600_000;

/**
 * Queues each of `kinds` that is on, once for `leadId` whoever queues it again (its id names the
 * kind and the lead); answers those queued.
 */
export async function queueOnce(
  trx: Transaction<Database>,
  {
    leadId,
    kinds,
    on,
    now,
  }: { leadId: string; kinds: readonly OutboxJobKind[]; on: readonly OutboxJobKind[]; now: string },
): Promise<OutboxJobKind[]> {
  const queued = kinds.filter((kind) => on.includes(kind));
  for (const kind of queued) {
    await enqueueOnce(trx, { id: `${kind}:${leadId}`, kind, leadId, now, dueAt: now });
  }
  return queued;
}

export interface OfferMove {
  application: string;
  intake: string;
  from: CohortApplicationStatus;
  to: CohortApplicationStatus;
  at: string;
}

/**
 * The offer's part of a move already made in `trx`. Answers the Checkout Session of an offer it
 * withdrew that could still be paid, for the caller to expire at Stripe once the move commits;
 * throws MoveRefused for a paid application and for an acceptance beyond the seats.
 */
export async function offerOnMove(
  trx: Transaction<Database>,
  move: OfferMove,
  deps: OfferMoveDeps,
): Promise<{ expire: string | null }> {
  if (await enrolledOfferOf(trx, move.application)) {
    throw new MoveRefused({
      refused: 'This applicant has paid and is enrolled: refund the payment in Stripe first.',
      status: 409,
    });
  }
  const withdrawn =
    move.from === 'accepted' ? await withdrawOffer(trx, move.application, move.at) : undefined;
  const cohort = deps.cohort?.admission === 'application' ? deps.cohort : null;
  const offer = cohort?.offer;
  if (cohort && offer) {
    const words = { declined: offer.emails.declined, waitlisted: offer.emails.waitlisted };
    if (move.to === 'accepted') await offerSeat(trx, move, { ...cohort, offer }, deps.jobs);
    else if ((move.to === 'declined' || move.to === 'waitlisted') && words[move.to]) {
      const kind = move.to === 'declined' ? 'cohort-declined' : 'cohort-waitlisted';
      await queueOnce(trx, {
        leadId: move.application,
        kinds: [kind],
        on: deps.jobs,
        now: move.at,
      });
    }
  }
  return { expire: withdrawn?.checkoutSession ?? null };
}

/**
 * The offer an accepted application gets: the content's price and window, for a seat of the
 * intake it applied for, within that intake's seats as the content serves them now.
 */
async function offerSeat(
  trx: Transaction<Database>,
  move: OfferMove,
  { intakes, offer }: ServedCohort & { offer: NonNullable<ServedCohort['offer']> },
  jobs: readonly OutboxJobKind[],
): Promise<void> {
  const intake = intakes.find((each) => each.starts === move.intake);
  if (!intake) {
    throw new MoveRefused({
      refused: `No intake starting ${formatDay(move.intake)} is in the content: add it back with its seats, or waitlist the application.`,
      status: 409,
    });
  }
  const price = toMinorUnits(offer.price);
  // Our Checkout Sessions are in pounds (server/providers/stripe-checkout.ts).
  if (price.currency !== 'gbp') {
    throw new MoveRefused({
      refused: `The offer's price is in ${offer.price.currency}, and its checkout takes pounds only: set the price in GBP in the content.`,
      status: 409,
    });
  }
  const made = await makeOffer(trx, {
    application: move.application,
    intake: intake.starts,
    capacity: intake.seats,
    ...price,
    now: move.at,
    expiresAt: new Date(Date.parse(move.at) + offer.windowHours * hourMs).toISOString(),
  });
  if ('full' in made) {
    const { enrolled, open } = made.full;
    throw new MoveRefused({
      refused: `No seat is left in this intake: ${enrolled} enrolled and ${open} ${open === 1 ? 'offer' : 'offers'} open. Waitlist the application, or raise the seats in the content.`,
      status: 409,
    });
  }
  await queueOnce(trx, {
    leadId: made.offer.id,
    kinds: ['cohort-offer', 'kit-cohort-accepted'],
    on: jobs,
    now: move.at,
  });
}
