import { formatRevenue } from './money';

/**
 * The funnel's figures as every face reads them: the room, `npm run leads -- stats` (its table,
 * CSV and HTML report) and the weekly email. The days they count, the columns in their order
 * and how each figure is written live here once, so that the faces cannot drift apart; each face
 * keeps only its own words for the columns.
 */

const dayMs = 86_400_000;

/** A time's UTC day, as page views are counted and the funnel reads them: "2026-11-23". */
export const utcDay = (time: Date): string => time.toISOString().slice(0, 10);

/**
 * A page as the funnel counts it, by the page dimension: its site's host name and its path, as
 * one key ("waitlist.example.com/" or, where the host was not recorded, "/book"). Made and read
 * here only, so the room, the plan and the writing's figures read the key one way.
 */
export const funnelPageKey = {
  format: ({ host, path }: { host: string; path: string }): string => `${host}${path}`,
  /** The key of a lead's or a sale's page as the owner's emails name it: none unless both known. */
  recorded: (host: string | null, path: string | null): string | null =>
    host && path ? `${host}${path}` : null,
  /** The host ('' where it was not recorded) and path of a key; null for "(not recorded)". */
  parse(key: string): { host: string; path: string } | null {
    const slash = key.indexOf('/');
    return slash < 0 ? null : { host: key.slice(0, slash), path: key.slice(slash) };
  },
};
/** A UTC day (YYYY-MM-DD) `days` after another (before it when negative). */
export const addDays = (day: string, days: number): string =>
  utcDay(new Date(Date.parse(`${day}T00:00:00Z`) + days * dayMs));
/** Days from `from` to `to`, both counted. */
export const daysIn = (from: string, to: string): number =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / dayMs) + 1;

/**
 * Every column of the funnel, in the order every face shows them: the visitors and leads, the
 * workshop's checkouts and sales, then the cohort's applications, offers, enrolments and what
 * they paid (docs/decisions/033-cohort-applications.md).
 */
export const funnelColumns = [
  'views',
  'visitors',
  'signUps',
  'confirmed',
  'contacts',
  'conversion',
  'checkouts',
  'sales',
  'revenue',
  'applications',
  'offers',
  'enrolments',
  'cohortRevenue',
] as const;
export type FunnelColumn = (typeof funnelColumns)[number];
/** The columns of money, per currency. */
const moneyColumns = ['revenue', 'cohortRevenue'] as const;
export type FunnelMoney = (typeof moneyColumns)[number];
export const isMoney = (column: FunnelColumn): column is FunnelMoney =>
  (moneyColumns as readonly string[]).includes(column);
/** The columns that count something: the rest are a ratio and money. */
export type FunnelCount = Exclude<FunnelColumn, 'conversion' | FunnelMoney>;
export const isCount = (column: FunnelColumn): column is FunnelCount =>
  column !== 'conversion' && !isMoney(column);

/**
 * What a line of the funnel holds, by page, source, day, host or variant, or in total. Contact
 * submissions are null where they are not counted: the contact form keeps no source or variant.
 */
export type FunnelFigures = Record<Exclude<FunnelCount, 'contacts'>, number> & {
  contacts: number | null;
} & Record<
    FunnelMoney,
    /** Net of refunds, per currency (lower-case code) in its smallest unit: { gbp: 4900 }. */
    Readonly<Record<string, number>>
  >;

/** The columns of a funnel, contact submissions only where they are counted. */
export const columnsOf = (contacts: boolean): FunnelColumn[] =>
  funnelColumns.filter((column) => contacts || column !== 'contacts');

/** Sign-ups per visitor; null without visitors (sign-ups may predate counting). */
export const conversion = (row: Pick<FunnelFigures, 'visitors' | 'signUps'>): number | null =>
  row.visitors > 0 ? row.signUps / row.visitors : null;

/** A count as the owner reads it: "12,345". */
export const number = (value: number): string => value.toLocaleString('en-GB');

/** A ratio in a table, where figures line up: always one decimal, "–" for none: "12.0%". */
export const percent = (ratio: number | null): string =>
  ratio === null ? '–' : `${(ratio * 100).toFixed(1)}%`;

const percentFormat = new Intl.NumberFormat('en-GB', {
  style: 'percent',
  maximumFractionDigits: 1,
});
/** A ratio in a sentence, grouped and with at most one decimal: "12%", "7.5%", "1,150%". */
export const percentInText = (ratio: number): string => percentFormat.format(ratio);

/**
 * One figure of a line as text: a count through `count` (grouped by default; the terminal's
 * table prints them bare), conversion as a percentage, revenue as money.
 */
export function figure(
  row: FunnelFigures,
  column: FunnelColumn,
  count: (value: number) => string = number,
): string {
  if (column === 'conversion') return percent(conversion(row));
  if (isMoney(column)) return formatRevenue(row[column]);
  return count(row[column] ?? 0);
}
