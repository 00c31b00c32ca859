import { countdown } from '../../lib/countdown';
import { useNow } from '../../lib/use-now';

export interface WorkshopCountdownProps {
  /** The workshop's start, ISO with offset (D16). */
  target: string;
  /** When the page was built: what the prerender and the hydration both show. */
  renderedAt: number;
  units: { days: string; hours: string; minutes: string; seconds: string };
  started: string;
  label: string;
}

/**
 * The price card's countdown to the start (product brief §4): days, hours, minutes and seconds while
 * any is above zero; zeros and "(workshop has started)" once it has passed. The prerender and the
 * first client render count from the build time, then the browser's clock takes over.
 */
export function WorkshopCountdown({
  target,
  renderedAt,
  units,
  started,
  label,
}: WorkshopCountdownProps) {
  const now = useNow() ?? renderedAt;
  const left = countdown(Date.parse(target), now);
  const tiles = [
    [left.days, units.days],
    [left.hours, units.hours],
    [left.minutes, units.minutes],
    [left.seconds, units.seconds],
  ] as const;
  return (
    <div role="timer" aria-label={label}>
      <dl className="grid grid-cols-4 gap-2">
        {tiles.map(([value, unit]) => (
          <div
            key={unit}
            className="flex flex-col-reverse items-center rounded-card bg-surface py-3"
          >
            <dt className="text-step--1 text-muted">{unit}</dt>
            <dd className="font-display text-step-3 tabular-nums">
              {String(value).padStart(2, '0')}
            </dd>
          </div>
        ))}
      </dl>
      {left.done ? <p className="mt-3 text-center text-step--1 font-semibold">{started}</p> : null}
    </div>
  );
}
