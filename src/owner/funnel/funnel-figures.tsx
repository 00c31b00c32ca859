import { figure } from '../../../contracts/funnel-figures';
import type { FunnelAnswer } from '../../../contracts/room/funnel';
import { Heading, subheadingClass } from '../room-ui';
import { words } from '../words';
import { DayChart } from './day-chart';
import { FunnelTable } from './funnel-table';

/**
 * The figures of the period shown: the totals from views to conversion, the checkouts and sales,
 * the cohort's applications, offers and enrolments, visitors and sign-ups by day as a chart (with
 * its figures as a table), and tables by source, by page and by experiment's variant.
 */
export function FunnelFigures({ funnel }: { funnel: FunnelAnswer }) {
  const { total } = funnel;
  return (
    <div className="flex flex-col gap-8">
      <FunnelTotals total={total} />
      {total.views === 0 && total.signUps === 0 && (
        <p className="font-semibold">{words.funnel.nothing}</p>
      )}

      <div className="flex flex-col gap-3">
        <Heading className={subheadingClass}>{words.funnel.byDay}</Heading>
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

      <div className="flex flex-col gap-8">
        {(
          [
            // The contact form keeps no source: enquiries are counted by page, not by source.
            [words.funnel.bySource, words.funnel.source, funnel.bySource, false],
            [words.funnel.byPage, words.funnel.page, funnel.byPage, true],
          ] as const
        ).map(([heading, keyTitle, rows, enquiries]) => (
          <div key={heading} className="flex min-w-0 flex-col gap-3">
            <Heading className={subheadingClass}>{heading}</Heading>
            <FunnelTable
              caption={heading}
              keyTitle={keyTitle}
              rows={rows}
              total={total}
              enquiries={enquiries}
              bars
            />
          </div>
        ))}
        <div className="flex min-w-0 flex-col gap-3">
          <Heading className={subheadingClass}>{words.funnel.byVariant}</Heading>
          <p className="max-w-prose text-step--1 text-muted">{words.funnel.variantHint}</p>
          {funnel.byVariant.length === 0 ? (
            <p className="text-muted">{words.funnel.noVariant}</p>
          ) : (
            <FunnelTable
              caption={words.funnel.byVariant}
              keyTitle={words.funnel.variant}
              rows={funnel.byVariant}
              total={total}
              bars
            />
          )}
        </div>
      </div>
    </div>
  );
}

/**
 * The period's totals from views to conversion, then the checkouts, sales and revenue, then the
 * cohort's applications, offers, enrolments and what they paid.
 */
function FunnelTotals({ total }: { total: FunnelAnswer['total'] }) {
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
    <>
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
        ].map(figureCard)}
      </dl>
      <dl aria-label={words.funnel.cohort} className="grid grid-cols-2 gap-3 md:grid-cols-4">
        {(['applications', 'offers', 'enrolments', 'cohortRevenue'] as const)
          .map((column) => ({
            term: words.funnel[column],
            value: figure(total, column),
            hint: words.funnel[`${column}Hint`],
          }))
          .map(figureCard)}
      </dl>
    </>
  );
}

/** One total with what it counts said under it. */
const figureCard = ({ term, value, hint }: { term: string; value: string; hint: string }) => (
  <div key={term} className="flex flex-col gap-1 rounded-card bg-surface p-4">
    <dt className="text-step--1 font-semibold">{term}</dt>
    <dd className="text-step-2 font-bold tabular-nums">{value}</dd>
    <dd className="text-step--1">{hint}</dd>
  </div>
);
