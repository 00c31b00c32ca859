import { withoutControls } from './csv';

/**
 * The terminal's tables (`stats`, `experiments`, `posts figures`): columns padded to line up,
 * text read left to right, figures lined up on the right.
 */

/**
 * Text a visitor or the content gave, in one cell: one line, no terminal control sequences, and
 * bounded, so a hostile path or a long title cannot break the table or the terminal.
 */
export function cell(text: string, maxWidth = 60): string {
  const line = withoutControls(text).replace(/\s+/g, ' ');
  return line.length > maxWidth ? `${line.slice(0, maxWidth - 1)}…` : line;
}

/**
 * The header, a rule, the rows and, when given, another rule and the total, as lines. `left`:
 * the columns of text, the first by default; every other column is a figure.
 */
export function tableLines(
  header: readonly string[],
  rows: readonly (readonly string[])[],
  { total, left = [0] }: { total?: readonly string[]; left?: readonly number[] } = {},
): string[] {
  const all = total ? [...rows, total] : rows;
  const widths = header.map((title, column) =>
    Math.max(title.length, ...all.map((row) => row[column]?.length ?? 0)),
  );
  const render = (cells: readonly string[]) =>
    cells
      .map((text, column) =>
        left.includes(column)
          ? text.padEnd(widths[column] ?? 0)
          : text.padStart(widths[column] ?? 0),
      )
      .join('  ')
      .trimEnd();
  const rule = widths.map((width) => '-'.repeat(width)).join('  ');
  return [render(header), rule, ...rows.map(render), ...(total ? [rule, render(total)] : [])];
}
