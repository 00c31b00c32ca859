import { dayAfter, dayHasCome } from './london-day';

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
