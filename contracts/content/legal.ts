import { z } from 'zod';
import { day, line, pageMeta, paragraph, refuseControlCharacters } from './fields';
import { parseInlineText, parseLegalText } from './legal-text';
import type { TextProblem } from './markdown/profile';

/**
 * A table of a legal page, kept in the front matter (a table in Markdown would not survive the
 * editor at /keystatic) and placed in the text by `[[Table]]`. The first column names each row,
 * as screen readers announce it.
 */
const legalTable = z.strictObject({
  /** What the table shows: its name for screen readers, and its visible caption. */
  caption: line,
  columns: z.array(line).min(2),
  rows: z
    .array(
      z.strictObject({
        /** Plain words (a cookie's name is written as it is: `_ga_<id>`). */
        name: line,
        /** One per column after the first; each may hold links and `[[Owner: …]]` markers. */
        details: z.array(line).min(1),
      }),
    )
    .min(1),
});

/**
 * content/legal/terms.md, privacy.md, cookies.md: a legal page as YAML front matter (its head,
 * summary, date and any table) and its text in Markdown (contracts/content/legal-text.ts says
 * what the text may hold). Problems in the text are reported with their line in the file.
 */
export const legalDocument = z
  .strictObject({
    meta: pageMeta,
    heading: line,
    /** One plain sentence or two under the heading: the document in short. */
    summary: paragraph,
    /** The day of the last change: change it with the words. */
    updated: day,
    table: legalTable.optional(),
    body: z
      .string({ error: 'expected the text of the page' })
      .superRefine(refuseControlCharacters(true)),
  })
  .superRefine((document, context) => {
    const report = (path: PropertyKey[], { line, message }: TextProblem) =>
      context.addIssue({ code: 'custom', path, message, params: { line } });
    const { sections, problems } = parseLegalText(document.body);
    for (const problem of problems) report(['body'], problem);
    const tables = sections.flatMap(({ blocks }) => blocks).filter(({ kind }) => kind === 'table');
    if (tables.length > (document.table ? 1 : 0) || (document.table && tables.length === 0)) {
      report(['body'], {
        line: 1,
        message: document.table
          ? 'expected "[[Table]]" once in the text, where the table goes'
          : 'found "[[Table]]" but the file has no `table`',
      });
    }
    document.table?.rows.forEach((row, index) => {
      if (row.details.length !== (document.table?.columns.length ?? 0) - 1) {
        context.addIssue({
          code: 'custom',
          path: ['table', 'rows', index, 'details'],
          message: 'expected one detail for each column after the first',
        });
      }
      for (const [cell, text] of row.details.entries()) {
        for (const { message } of parseInlineText(text).problems) {
          context.addIssue({
            code: 'custom',
            path: ['table', 'rows', index, 'details', cell],
            message,
          });
        }
      }
    });
  });
