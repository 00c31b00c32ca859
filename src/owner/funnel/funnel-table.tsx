import { columnsOf, type FunnelColumn, figure } from '../../../contracts/funnel-figures';
import type { FunnelLine } from '../../../contracts/room/funnel';
import { numberClass, RoomTable, thClass } from '../room-ui';
import { words } from '../words';

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
  applications: words.funnel.applications,
  offers: words.funnel.offers,
  enrolments: words.funnel.enrolments,
  cohortRevenue: words.funnel.cohortRevenue,
};

/**
 * A table of the funnel. With `bars`, each name has a bar of its visitors beside the busiest
 * row's: a picture for the eye only, the figure beside it says the same.
 */
export function FunnelTable({
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
              className="min-w-48 py-2 pr-4 pl-4 text-left font-medium [overflow-wrap:anywhere]"
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
