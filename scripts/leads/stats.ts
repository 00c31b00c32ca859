import {
  columnsOf,
  conversion,
  type FunnelColumn,
  type FunnelMoney,
  figure,
  isMoney,
} from '../../contracts/funnel-figures';
import { majorUnits } from '../../contracts/money';
import { countsContacts, type Funnel, type FunnelRow } from '../../server/features/funnel/store';
import { toCsv } from './csv';
import { cell, tableLines } from './table';

/**
 * `leads stats`: the funnel as a table for the terminal, CSV or JSON (the HTML report is
 * stats-report.ts).
 */

export const statsFormats = ['table', 'csv', 'json', 'html'] as const;
export type StatsFormat = (typeof statsFormats)[number];

/** The terminal table's column headings; the CSV header writes them with underscores. */
const columnNames: Record<FunnelColumn, string> = {
  views: 'views',
  visitors: 'visitors',
  signUps: 'sign-ups',
  confirmed: 'confirmed',
  contacts: 'contacts',
  conversion: 'conversion',
  checkouts: 'checkouts',
  sales: 'sales',
  revenue: 'revenue',
  applications: 'applications',
  offers: 'offers',
  enrolments: 'enrolments',
  cohortRevenue: 'cohort-revenue',
};

/** What the figures mean, under the table and in the report. */
export function funnelNotes(funnel: Funnel): string[] {
  const notes = [
    'Views: pages opened in a browser (bots, prefetches and HEAD requests are not counted).',
    'Visitors: different visitors each day, by an anonymous hash that changes daily, added up over the days.',
    'Conversion: sign-ups divided by visitors.',
    'Confirmed: of those sign-ups, the ones who clicked Kit’s confirmation email (reported by Kit’s webhook).',
    'Checkouts: clicks on checkout links, counted by the server like views. Sales: paid workshop sales by the day of their checkout (one refunded in full no longer counts); revenue is net of refunds, in each currency paid.',
    'Applications: cohort applications by the day they came, erased ones too. Offers: seats offered to accepted applications, by the day each was made. Enrolments: offers paid, by the day of the payment (one refunded in full no longer counts); cohort revenue is what they paid, net of refunds. Each is counted where its application came from, and a payment for the cohort is not a workshop sale.',
  ];
  if (funnel.by === 'variant') {
    notes.push(
      'By variant: views and visitors are those each variant was shown to, checkouts its visitors’ clicks, and sign-ups, sales and applications those it brought. What no experiment showed is only in the total.',
    );
  }
  if (!countsContacts(funnel.by)) {
    notes.push(
      `Contact submissions in this period: ${funnel.total.contacts} (counted by page, day and host only: the contact form keeps no source).`,
    );
  }
  return notes;
}

/** "Funnel by page, 2026-10-24 to 2026-11-23 (UTC days)": the table's and the report's title. */
export const funnelTitle = (funnel: Funnel) =>
  `Funnel by ${funnel.by}, ${funnel.from} to ${funnel.to} (UTC days)`;

export function formatFunnel(funnel: Funnel, format: Exclude<StatsFormat, 'html'>): string {
  switch (format) {
    case 'json':
      return `${JSON.stringify(
        {
          by: funnel.by,
          from: funnel.from,
          to: funnel.to,
          rows: funnel.rows.map((row) => jsonRow(funnel, row)),
          total: jsonRow(funnel, funnel.total),
        },
        null,
        2,
      )}\n`;
    case 'csv':
      return csv(funnel);
    case 'table':
      return table(funnel);
  }
}

function jsonRow(funnel: Funnel, row: FunnelRow) {
  const { key, ...figures } = row;
  return { [funnel.by]: key, ...figures, conversion: conversion(row) };
}

/** Every currency a money column's payments came in during the period, for one column each. */
export const currenciesOf = (funnel: Funnel, column: FunnelMoney = 'revenue'): string[] =>
  Object.keys(funnel.total[column]).sort();

type CsvCell = string | number | null;

/** Figures as a spreadsheet reads them: bare counts, and one revenue column per currency. */
function csv(funnel: Funnel): string {
  const cells = columnsOf(countsContacts(funnel.by)).flatMap(
    (column): Array<[name: string, value: (row: FunnelRow) => CsvCell]> => {
      const name = columnNames[column].replace('-', '_');
      if (isMoney(column)) {
        return currenciesOf(funnel, column).map((currency) => [
          `${name}_${currency}`,
          (row) => majorUnits(row[column][currency] ?? 0, currency),
        ]);
      }
      if (column === 'conversion') return [[name, (row) => conversion(row)?.toFixed(4) ?? null]];
      return [[name, (row) => row[column]]];
    },
  );
  const rows = funnel.rows.map(
    (row): Record<string, CsvCell> => ({
      [funnel.by]: row.key,
      ...Object.fromEntries(cells.map(([name, value]) => [name, value(row)])),
    }),
  );
  return toCsv([funnel.by, ...cells.map(([name]) => name)], rows);
}

function table(funnel: Funnel): string {
  const columns = columnsOf(countsContacts(funnel.by));
  const line = (row: FunnelRow) => [
    // Keys are visitor-controlled.
    cell(row.key),
    ...columns.map((column) => figure(row, column, String)),
  ];
  return [
    funnelTitle(funnel),
    '',
    ...tableLines(
      [funnel.by, ...columns.map((column) => columnNames[column])],
      funnel.rows.map(line),
      {
        total: line(funnel.total),
      },
    ),
    '',
    ...funnelNotes(funnel),
    '',
  ].join('\n');
}
