import { intakeSeatsLeft, nextIntake } from '../../contracts/cohort-intakes';
import type { SeatsTaken } from '../../contracts/workshop-sessions';

/**
 * Where the cohort's applications stand at `now` with the seats the store knows, as its pages
 * say it (docs/decisions/033-cohort-applications.md): `open` while an intake takes applications,
 * `full` once every seat of that intake is enrolled or held by an offer still open. A full intake
 * still takes applications: they join its waitlist.
 */
export function applicationsAt(
  intakes: ReadonlyArray<{ starts: string; applyBy: string; seats: number }>,
  now: number,
  taken: SeatsTaken = {},
): { open: boolean; full: boolean } {
  const intake = nextIntake(intakes, now);
  return { open: intake !== null, full: intake !== null && intakeSeatsLeft(intake, taken) === 0 };
}
