import { formatDay } from '../../contracts/london-day';
import type { IntakeSeats } from '../../contracts/room/cohort';
import { applicantOf } from './application-detail';
import { Heading, quietButtonClass, subheadingClass } from './room-ui';
import { words } from './words';

const text = words.applications;

/**
 * The seats of each intake to come (docs/decisions/033-cohort-applications.md): its capacity,
 * those enrolled, the offers open and the seats left; while one is left and someone of the intake
 * is waitlisted, who is next, with a button that opens their application.
 */
export function IntakeSeatsList({
  intakes,
  onOpen,
}: {
  intakes: readonly IntakeSeats[];
  onOpen: (id: string) => void;
}) {
  if (intakes.length === 0) return null;
  return (
    <div className="flex flex-col gap-4">
      {intakes.map((intake) => {
        const figures: [string, number][] = [
          [text.seats, intake.seats],
          [text.enrolled, intake.enrolled],
          [text.offersOpen, intake.offersOpen],
          [text.left, intake.left],
        ];
        const next = intake.next && applicantOf({ ...intake.next, erased: false });
        const headingId = `seats-${intake.intake}`;
        return (
          <section key={intake.intake} aria-labelledby={headingId} className="flex flex-col gap-3">
            <Heading id={headingId} className={subheadingClass}>
              {text.intakeSeats(formatDay(intake.intake))}
            </Heading>
            <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
              {figures.map(([term, value]) => (
                <div
                  key={term}
                  className="rounded-card border border-line bg-field p-3 text-on-field"
                >
                  <dt className="text-step--1 text-muted">{term}</dt>
                  <dd className="text-step-1 font-semibold tabular-nums">{value}</dd>
                </div>
              ))}
            </dl>
            {intake.next && next && (
              <div className="flex flex-wrap items-center gap-3">
                <p className="font-semibold">{text.seatFree(next)}</p>
                <button
                  type="button"
                  data-next={intake.next.id}
                  className={quietButtonClass}
                  onClick={() => intake.next && onOpen(intake.next.id)}
                >
                  {text.openNext(next)}
                </button>
              </div>
            )}
          </section>
        );
      })}
      <p className="max-w-prose text-step--1 text-muted">{text.seatsHint}</p>
    </div>
  );
}
