import { intakeSeatsKey, intakeSeatsLeft } from '../../../contracts/cohort-intakes';
import { dayHasCome } from '../../../contracts/london-day';
import type { ApplicationOffer, IntakeSeats } from '../../../contracts/room/cohort';
import type { CohortOfferTable } from '../../db/schema';
import type { Store } from '../../db/store';
import { cohortSeatsTaken } from './offers';

/**
 * What the owner reads of the offers (the room's Applications view and
 * `npm run leads -- applications`, docs/decisions/033-cohort-applications.md): each
 * application's last offer as it stands at the moment asked, and the seats of the intakes to
 * come. Reads only: offers.ts is the offers' one writer.
 */

/** An intake of the served content, as far as its seats go. */
export interface SeatedIntake {
  starts: string;
  seats: number;
}

/**
 * The seats of the served content's intakes that have not started (their first day in London):
 * enrolled offers and open ones not past their expiry take one each, as the cohort's page counts
 * them; while one is left, the intake's application waitlisted first is the one to offer it to
 * (an erased one has nobody left to write to).
 */
export async function intakeSeats(
  store: Store,
  intakes: readonly SeatedIntake[],
  now: Date,
): Promise<IntakeSeats[]> {
  const coming = [...intakes]
    .filter((intake) => !dayHasCome(intake.starts, now.getTime()))
    .sort((a, b) => a.starts.localeCompare(b.starts));
  if (coming.length === 0) return [];
  const starts = coming.map((intake) => intake.starts);
  const [seatsTaken, waitlisted] = await Promise.all([
    cohortSeatsTaken(store, now.toISOString()),
    store.db
      .selectFrom('cohort_applications')
      .select(['id', 'intake', 'name', 'email'])
      .where('intake', 'in', starts)
      .where('status', '=', 'waitlisted')
      .where('erased_at', 'is', null)
      .orderBy('decided_at')
      .orderBy('created_at')
      .orderBy('id')
      .execute(),
  ]);
  return coming.map((intake) => {
    const { sold = 0, held = 0 } = seatsTaken[intakeSeatsKey(intake.starts)] ?? {};
    const left = intakeSeatsLeft(intake, seatsTaken);
    const next = left > 0 ? waitlisted.find((row) => row.intake === intake.starts) : undefined;
    return {
      intake: intake.starts,
      seats: intake.seats,
      enrolled: sold,
      offersOpen: held,
      left,
      next: next ? { id: next.id, name: next.name, email: next.email } : null,
    };
  });
}

/** An offer as the room says it at `now`: an open one past its expiry has expired. */
export function offerOf(row: CohortOfferTable, now: Date): ApplicationOffer {
  const paid = { amount: row.paid_amount ?? row.amount, currency: row.currency };
  switch (row.status) {
    case 'open':
      return Date.parse(row.expires_at) > now.getTime()
        ? { state: 'open', at: row.expires_at, paid: null }
        : { state: 'expired', at: row.expires_at, paid: null };
    case 'enrolled':
      return { state: 'enrolled', at: row.enrolled_at, paid };
    case 'withdrawn':
      return { state: 'withdrawn', at: row.closed_at, paid: null };
    case 'refunded':
      return { state: 'refunded', at: row.closed_at, paid };
  }
}

/** Each application's last offer (by when it was made), as it stands at `now`. */
export async function lastOffers(
  store: Store,
  applications: readonly string[],
  now: Date,
): Promise<Map<string, ApplicationOffer>> {
  if (applications.length === 0) return new Map();
  const rows = await store.db
    .selectFrom('cohort_offers')
    .selectAll()
    .where('application_id', 'in', applications)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  // Oldest first: each application's last one is written last.
  return new Map(rows.map((row) => [row.application_id, offerOf(row, now)]));
}
