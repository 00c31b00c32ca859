/** Characters that make a spreadsheet read a cell as a formula (OWASP: CSV injection). */
const formulaStart = /^[=+\-@\t\r]/;
/**
 * Control characters other than tab and line breaks: an ESC in a cell can drive a terminal that
 * prints the export, a NUL cuts a cell short in some readers, a BEL rings. Leads stored before
 * the contracts refused them may still hold some.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
const controls = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g;

/** Text without those control characters: for every output a visitor's words can reach. */
export const withoutControls = (text: string): string => text.replace(controls, '');

/**
 * One CSV cell: control characters dropped, quoted, quotes doubled, and a leading formula
 * character neutralised with an apostrophe, so that opening the export in Excel or Sheets never
 * runs what a visitor typed.
 */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  const text = withoutControls(String(value));
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
