import { type FormEvent, useEffect, useId, useState } from 'react';
import {
  addDays,
  columnsOf,
  type FunnelColumn,
  figure,
  number,
  utcDay,
} from '../../contracts/funnel-figures';
import { ownerPaths } from '../../contracts/owner';
import {
  type FunnelAnswer,
  type FunnelLine,
  type FunnelQuery,
  funnelAnswerSchema,
  funnelApi,
} from '../../contracts/owner-funnel';
import { getJson } from '../lib/api-client';
import {
  fieldClass,
  numberClass,
  Problem,
  problemOf,
  quietButtonClass,
  RoomTable,
  Section,
  thClass,
} from './room-ui';
import { words } from './words';

const presets = [7, 28, 90] as const;
const today = () => utcDay(new Date());

/** The tables' column headings. */
const columnTitle: Record<FunnelColumn, string> = {
  views: words.funnel.views,
  visitors: words.funnel.visitors,
  signUps: words.funnel.signUps,
  confirmed: words.funnel.confirmed,
  contacts: words.funnel.enquiries,
  conversion: words.funnel.conversion,
  checkouts: words.funnel.checkouts,
  sales: words.funnel.sales,
  revenue: words.funnel.revenue,
};

/** One end of the period: a day, kept on the right side of the other end. */
function DayField({
  label,
  value,
  min,
  max,
  onChange,
}: {
  label: string;
  value: string;
  min?: string;
  max?: string;
  onChange: (day: string) => void;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-step--1">
        {label}
      </label>
      <input
        id={id}
        type="date"
        value={value}
        min={min || undefined}
        max={max || undefined}
        onChange={(event) => onChange(event.target.value)}
        className={fieldClass}
      />
    </div>
  );
}

/**
 * The funnel of a period the owner chooses: the totals from views to conversion, visitors and
 * sign-ups by day as a chart (with its figures as a table), and tables by source and by page.
 * `version` changes when the owner changed the leads elsewhere in the room (an erasure).
 */
export function FunnelView({ version }: { version: number }) {
  const [query, setQuery] = useState<FunnelQuery>({});
  const [funnel, setFunnel] = useState<FunnelAnswer | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [period, setPeriod] = useState({ from: '', to: '' });

  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` asks for the same period again.
  useEffect(() => {
    const controller = new AbortController();
    const search = new URLSearchParams(Object.entries(query).filter(([, day]) => day));
    void getJson(`${ownerPaths.api}${funnelApi.funnel}?${search}`, funnelAnswerSchema, {
      signal: controller.signal,
    }).then((answer) => {
      if (controller.signal.aborted) return;
      if (!answer.ok) return setProblem(problemOf(answer));
      setProblem(null);
      setFunnel(answer.data);
      setPeriod({ from: answer.data.from, to: answer.data.to });
    });
    return () => controller.abort();
  }, [query, version]);

  function choose(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setQuery({ from: period.from || undefined, to: period.to || undefined });
  }

  return (
    <Section id="funnel" heading={words.funnel.heading}>
      <form onSubmit={choose} className="flex flex-col gap-3">
        <fieldset className="flex flex-wrap items-end gap-3">
          <legend className="mb-2 font-semibold">{words.funnel.period}</legend>
          <DayField
            label={words.funnel.from}
            value={period.from}
            max={period.to}
            onChange={(from) => setPeriod({ ...period, from })}
          />
          <DayField
            label={words.funnel.to}
            value={period.to}
            min={period.from}
            onChange={(to) => setPeriod({ ...period, to })}
          />
          <button type="submit" className={quietButtonClass}>
            {words.funnel.show}
          </button>
        </fieldset>
        <div className="flex flex-wrap gap-2">
          {presets.map((days) => (
            <button
              key={days}
              type="button"
              className={`${quietButtonClass} min-h-10 px-4 text-step--1`}
              onClick={() => setQuery({ from: addDays(today(), 1 - days), to: today() })}
            >
              {words.funnel.lastDays(days)}
            </button>
          ))}
        </div>
      </form>
      {problem && <Problem message={problem} />}
      <p aria-live="polite" className="text-muted">
        {funnel ? words.funnel.periodShown(funnel.from, funnel.to) : words.funnel.loading}
      </p>
      {funnel && <FunnelFigures funnel={funnel} />}
    </Section>
  );
}

function FunnelFigures({ funnel }: { funnel: FunnelAnswer }) {
  const { total } = funnel;
  const totals = [
    { term: words.funnel.views, value: figure(total, 'views'), hint: words.funnel.viewsHint },
    {
      term: words.funnel.visitors,
      value: figure(total, 'visitors'),
      hint: words.funnel.visitorsHint,
    },
    { term: words.funnel.signUps, value: figure(total, 'signUps'), hint: null },
    {
      term: words.funnel.confirmed,
      value: figure(total, 'confirmed'),
      hint: words.funnel.confirmedHint,
    },
    {
      term: words.funnel.conversion,
      value: figure(total, 'conversion'),
      hint: words.funnel.conversionHint,
    },
  ];
  return (
    <div className="flex flex-col gap-8">
      <dl className="grid grid-cols-2 gap-3 md:grid-cols-6">
        {totals.map(({ term, value, hint }, index) => (
          <div
            key={term}
            className={`flex flex-col gap-1 rounded-card p-4 ${index === totals.length - 1 ? 'bg-accent text-on-accent' : 'bg-surface'}`}
          >
            <dt className="text-step--1 font-semibold">{term}</dt>
            <dd className="text-step-2 font-bold tabular-nums">{value}</dd>
            {hint && <dd className="text-step--1">{hint}</dd>}
          </div>
        ))}
        <div className="col-span-2 flex flex-col gap-1 rounded-card border border-line p-4 md:col-span-1">
          <dt className="text-step--1 font-semibold">{words.funnel.enquiries}</dt>
          <dd className="text-step-2 font-bold tabular-nums">{figure(total, 'contacts')}</dd>
        </div>
      </dl>
      <dl className="grid grid-cols-2 gap-3 md:grid-cols-3">
        {[
          {
            term: words.funnel.checkouts,
            value: figure(total, 'checkouts'),
            hint: words.funnel.checkoutsHint,
          },
          { term: words.funnel.sales, value: figure(total, 'sales'), hint: words.funnel.salesHint },
          {
            term: words.funnel.revenue,
            value: figure(total, 'revenue'),
            hint: words.funnel.revenueHint,
          },
        ].map(({ term, value, hint }) => (
          <div key={term} className="flex flex-col gap-1 rounded-card bg-surface p-4">
            <dt className="text-step--1 font-semibold">{term}</dt>
            <dd className="text-step-2 font-bold tabular-nums">{value}</dd>
            <dd className="text-step--1">{hint}</dd>
          </div>
        ))}
      </dl>
      {total.views === 0 && total.signUps === 0 && (
        <p className="font-semibold">{words.funnel.nothing}</p>
      )}

      <div className="flex flex-col gap-3">
        <h3 className="text-step-1 font-semibold">{words.funnel.byDay}</h3>
        <DayChart days={funnel.byDay} />
        <details className="rounded-card border border-line bg-field text-on-field">
          <summary className="min-h-11 cursor-pointer px-4 py-3 font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ink">
            {words.funnel.dayFigures}
          </summary>
          <FunnelTable
            caption={words.funnel.dayFigures}
            keyTitle={words.funnel.day}
            rows={funnel.byDay}
            total={total}
            enquiries
          />
        </details>
      </div>

      <div className="grid gap-8 lg:grid-cols-2">
        {(
          [
            [words.funnel.bySource, words.funnel.source, funnel.bySource],
            [words.funnel.byPage, words.funnel.page, funnel.byPage],
          ] as const
        ).map(([heading, keyTitle, rows]) => (
          <div key={heading} className="flex min-w-0 flex-col gap-3">
            <h3 className="text-step-1 font-semibold">{heading}</h3>
            <FunnelTable caption={heading} keyTitle={keyTitle} rows={rows} total={total} bars />
          </div>
        ))}
      </div>
    </div>
  );
}

/**
 * A table of the funnel. With `bars`, each name has a bar of its visitors beside the busiest
 * row's: a picture for the eye only, the figure beside it says the same.
 */
function FunnelTable({
  caption,
  keyTitle,
  rows,
  total,
  enquiries = false,
  bars = false,
}: {
  caption: string;
  keyTitle: string;
  rows: FunnelLine[];
  total: FunnelLine;
  enquiries?: boolean;
  bars?: boolean;
}) {
  const top = Math.max(1, ...rows.map((row) => row.visitors));
  const columns = columnsOf(enquiries);
  return (
    <RoomTable label={caption}>
      <thead>
        <tr className="border-b-2 border-ink">
          <th scope="col" className={`${thClass} pl-4`}>
            {keyTitle}
          </th>
          {columns.map((column) => (
            <th key={column} scope="col" className={`${thClass} text-right`}>
              {columnTitle[column]}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.length === 0 && (
          <tr>
            <td colSpan={columns.length + 1} className="px-4 py-3 text-muted">
              {words.funnel.nothing}
            </td>
          </tr>
        )}
        {rows.map((row) => (
          <tr key={row.key} className="border-b border-line">
            <th
              scope="row"
              className="min-w-36 py-2 pr-4 pl-4 text-left font-medium [overflow-wrap:anywhere]"
            >
              {row.key}
              {bars && (
                <span
                  aria-hidden="true"
                  className="mt-1 block h-1.5 rounded-full bg-ink"
                  style={{ width: `${(100 * row.visitors) / top}%` }}
                />
              )}
            </th>
            {columns.map((column) => (
              <td key={column} className={numberClass}>
                {figure(row, column)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr className="border-t-2 border-ink font-bold">
          <th scope="row" className="py-2 pr-4 pl-4 text-left">
            {words.funnel.total}
          </th>
          {columns.map((column) => (
            <td key={column} className={numberClass}>
              {figure(total, column)}
            </td>
          ))}
        </tr>
      </tfoot>
    </RoomTable>
  );
}

/**
 * Visitors and sign-ups per day as columns side by side, on one scale up to the busiest day.
 * Lengths across are percentages of the chart's width and the rest pixels, so the columns fit a
 * phone or a wide screen while the words keep their size. A screen reader reads the summary;
 * every figure is in the table below the chart.
 */
function DayChart({ days }: { days: FunnelLine[] }) {
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
