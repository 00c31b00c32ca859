/** Characters that make a spreadsheet read a cell as a formula (OWASP: CSV injection). */
const formulaStart = /^[=+\-@\t\r]/;

/**
 * One CSV cell: quoted, quotes doubled, and a leading formula character neutralised with an
 * apostrophe, so that opening the export in Excel or Sheets never runs what a visitor typed.
 */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  const text = String(value);
  const safe = formulaStart.test(text) ? `'${text}` : text;
  return `"${safe.replaceAll('"', '""')}"`;
}

/** RFC 4180 CSV (CRLF line ends) with a header row taken from `columns`. */
export function toCsv<Row extends Record<string, string | number | null>>(
  columns: readonly (keyof Row & string)[],
  rows: readonly Row[],
): string {
  const lines = [columns.map(csvCell).join(',')];
  for (const row of rows) lines.push(columns.map((column) => csvCell(row[column])).join(','));
  return `${lines.join('\r\n')}\r\n`;
}
