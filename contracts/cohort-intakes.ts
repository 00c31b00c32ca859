import { dayAfter, dayHasCome } from './london-day';
import { type SeatsTaken, seatsLeft } from './workshop-sessions';

/**
 * The cohort intake that takes applications at `now`: the first whose applications have not
 * closed (they close at the end of its `applyBy` day, London time), or none. One rule for the
 * cohort's pages (its dates, "{cohortStarts}") and the server (the intake an application is
 * for, server/features/cohort/). No zod here: pages import it.
 */
export function nextIntake<I extends { starts: string; applyBy: string }>(
  intakes: readonly I[],
  now: number,
): I | null {
  return (
    [...intakes]
      .sort((a, b) => a.starts.localeCompare(b.starts))
      .find((intake) => !dayHasCome(dayAfter(intake.applyBy), now)) ?? null
  );
}

/**
 * The key of an intake's seats among the seats the store knows (contracts/workshop-sessions.ts
 * `SeatsTaken`, which the workshop's sessions share): no workshop session's name has a colon.
 */
export const intakeSeatsKey = (starts: string) => `cohort:${starts}`;

/**
 * An intake's seats left with what the store knows: its capacity less those enrolled (`sold`)
 * and those held by offers still open (`held`); never below 0 (a publish may lower the capacity
 * under the seats already given).
 */
export const intakeSeatsLeft = (intake: { starts: string; seats: number }, taken: SeatsTaken) =>
  seatsLeft(
    { id: intakeSeatsKey(intake.starts), start: intake.starts, seats: intake.seats },
    taken,
  );
