import { useId } from 'react';
import { number } from '../../../contracts/funnel-figures';
import type { FunnelLine } from '../../../contracts/room/funnel';
import { words } from '../words';

/**
 * Visitors and sign-ups per day as columns side by side, on one scale up to the busiest day.
 * Lengths across are percentages of the chart's width and the rest pixels, so the columns fit a
 * phone or a wide screen while the words keep their size. A screen reader reads the summary;
 * every figure is in the table below the chart.
 */
export function DayChart({ days }: { days: FunnelLine[] }) {
  const id = useId();
  const plot = { top: 28, bottom: 200 };
  const top = Math.max(1, ...days.map((day) => Math.max(day.visitors, day.signUps)));
  const slot = 100 / Math.max(1, days.length);
  const y = (value: number) => plot.bottom - ((plot.bottom - plot.top) * value) / top;
  const busiest = days.reduce<FunnelLine | undefined>(
    (best, day) => (best && best.visitors >= day.visitors ? best : day),
    undefined,
  );
  const pct = (value: number) => `${value.toFixed(3)}%`;
  // The first, middle and last days name the axis; more would crowd it on a phone.
  const labels = [
    { day: days[0], x: '0%', anchor: 'start' as const },
    { day: days[Math.floor((days.length - 1) / 2)], x: '50%', anchor: 'middle' as const },
    { day: days.at(-1), x: '100%', anchor: 'end' as const },
  ].filter(
    (label, index, all) => label.day && all.findIndex((other) => other.day === label.day) === index,
  );
  return (
    <figure className="flex flex-col gap-2 rounded-card border border-line bg-field p-4 text-on-field">
      <svg
        width="100%"
        height={plot.bottom + 28}
        role="img"
        aria-labelledby={`${id}-title ${id}-desc`}
        className="block text-[13px]"
      >
        <title id={`${id}-title`}>{words.funnel.chartTitle}</title>
        <desc id={`${id}-desc`}>
          {words.funnel.chartSummary(days.length, busiest?.key ?? '–', busiest?.visitors ?? 0)}
        </desc>
        <text x="0" y="14" className="fill-muted">
          {words.funnel.chartHighest(number(top))}
        </text>
        {[plot.top, (plot.top + plot.bottom) / 2].map((line) => (
          <line key={line} x1="0" x2="100%" y1={line} y2={line} className="stroke-line" />
        ))}
        {days.map((day, index) => {
          const x = index * slot + slot * 0.1;
          return (
            <g key={day.key}>
              <title>{words.funnel.barLabel(day.key, day.visitors, day.signUps)}</title>
              <rect
                x={pct(x)}
                y={y(day.visitors)}
                width={pct(slot * 0.4)}
                height={plot.bottom - y(day.visitors)}
                className="fill-ink"
              />
              {/* Sign-ups are the accent, too light on white alone: an ink outline keeps 3:1. */}
              <rect
                x={pct(x + slot * 0.4)}
                y={y(day.signUps)}
                width={pct(slot * 0.4)}
                height={plot.bottom - y(day.signUps)}
                className="fill-accent stroke-ink"
                strokeWidth={day.signUps > 0 ? 1 : 0}
              />
            </g>
          );
        })}
        <line x1="0" x2="100%" y1={plot.bottom} y2={plot.bottom} className="stroke-ink" />
        {labels.map((label) => (
          <text
            key={label.day?.key}
            x={label.x}
            y={plot.bottom + 20}
            textAnchor={label.anchor}
            className="fill-muted"
          >
            {label.day?.key}
          </text>
        ))}
      </svg>
      <figcaption className="flex flex-wrap gap-5 text-step--1">
        <span className="inline-flex items-center gap-2">
          <span aria-hidden="true" className="inline-block size-3.5 rounded-sm bg-ink" />
          {words.funnel.visitors}
        </span>
        <span className="inline-flex items-center gap-2">
          <span
            aria-hidden="true"
            className="inline-block size-3.5 rounded-sm border border-ink bg-accent"
          />
          {words.funnel.signUps}
        </span>
      </figcaption>
    </figure>
  );
}
