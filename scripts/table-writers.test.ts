import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * One module writes each table (docs/decisions/031-features-in-folders.md, "One writer per
 * table"): every insert, update and delete of a table is in its owner's file, and another module
 * that needs a row changed calls a function there, passing its transaction when the change is
 * part of a larger one. So a table's rules (what a row may hold, what erasure leaves) are read in
 * one place. Migrations move the schema and its data as a whole, and tests seed what they
 * check: neither is a writer here.
 */
const root = resolve(import.meta.dirname, '..');

/** The server's files that may write, with their text: no tests, test helpers or migrations. */
function serverFiles(): Map<string, string> {
  return new Map(
    readdirSync(join(root, 'server'), { recursive: true, encoding: 'utf8' })
      .map((file) => join('server', file))
      .filter(
        (file) =>
          /\.ts$/.test(file) &&
          !/\.test\.ts$/.test(file) &&
          !/(^|\/)migrations\.ts$/.test(file) &&
          !file.startsWith('server/testing/'),
      )
      .map((file) => [file, readFileSync(join(root, file), 'utf8')]),
  );
}

/** Kysely's writing calls, named by their table: `.deleteFrom('outbox_jobs')`. */
const builderWrite =
  /\.(?:insertInto|updateTable|deleteFrom|replaceInto|mergeInto)\(\s*['"](\w+)['"]/g;
/** The counted tables' upsert (server/db/count-batch.ts), which takes its table by name. */
const countedWrite = /\baddCounts\([^,()]+,\s*['"](\w+)['"]/g;
/** Raw SQL in a `sql` template. */
const sqlTemplate = /\bsql(?:<[^>]*>)?`([^`]*)`/g;
const rawWrite =
  /\b(?:insert\s+(?:or\s+\w+\s+)?into|update(?:\s+or\s+\w+)?|delete\s+from)\s+["`]?(\w+)/gi;

/** The tables a file's text writes. */
function tablesWritten(text: string): Set<string> {
  const raw = [...text.matchAll(sqlTemplate)].flatMap(([, statement]) => [
    ...(statement ?? '').matchAll(rawWrite),
  ]);
  return new Set(
    [...text.matchAll(builderWrite), ...text.matchAll(countedWrite), ...raw].map(
      ([, table]) => table ?? '',
    ),
  );
}

/** Each table written, and the files that write it (sorted). */
function writersOf(files: ReadonlyMap<string, string>): Map<string, string[]> {
  const writers = new Map<string, string[]>();
  for (const [file, text] of [...files].sort(([a], [b]) => (a < b ? -1 : 1))) {
    for (const table of tablesWritten(text))
      writers.set(table, [...(writers.get(table) ?? []), file]);
  }
  return writers;
}

/** The tables with more than one writing module: table -> its writers. */
function sharedTables(writers: ReadonlyMap<string, readonly string[]>): Record<string, string[]> {
  return Object.fromEntries(
    [...writers]
      .filter(([, files]) => files.length > 1)
      .map(([table, files]) => [table, [...files]]),
  );
}

/** Every table of the store's schema (server/db/schema.ts `Database`). */
function schemaTables(): string[] {
  const schema = readFileSync(join(root, 'server/db/schema.ts'), 'utf8');
  const body = /export interface Database \{([^}]*)\}/.exec(schema)?.[1] ?? '';
  return [...body.matchAll(/^\s*(\w+):/gm)].map(([, table]) => table ?? '');
}

describe('one writer per table', () => {
  const writers = writersOf(serverFiles());

  it('finds each table written by one module only', () => {
    expect(sharedTables(writers)).toEqual({});
  });

  it('sees a writer for every table of the schema (a guard against patterns that match nothing)', () => {
    const tables = schemaTables();
    expect(tables).toContain('outbox_jobs');
    expect(tables.filter((table) => !writers.has(table))).toEqual([]);
  });

  it('would see a table written by two modules, whichever way each writes it', () => {
    const files = new Map([
      ['server/db/outbox.ts', "await trx\n  .insertInto(\n    'outbox_jobs'\n  ).values(job)"],
      ['server/features/writing/store.ts', "trx.deleteFrom('outbox_jobs').where('id', '=', id)"],
      [
        'server/features/funnel/report.ts',
        'await sql`UPDATE outbox_jobs SET attempts = 0`.execute(db)',
      ],
      ['server/page-views/store.ts', "addCounts(store, 'page_views', ['day'], counts)"],
      ['server/features/experiments/store.ts', "addCounts(store, 'page_views', ['day'], counts)"],
      ['server/features/sales/store.ts', "trx.updateTable('sales').set({ email: null })"],
      // Reading another feature's table is no write.
      ['server/features/leads/store.ts', "trx.selectFrom('sales').select('id')"],
    ]);
    expect(sharedTables(writersOf(files))).toEqual({
      outbox_jobs: [
        'server/db/outbox.ts',
        'server/features/funnel/report.ts',
        'server/features/writing/store.ts',
      ],
      page_views: ['server/features/experiments/store.ts', 'server/page-views/store.ts'],
    });
  });

  it('leaves out migrations, tests and the test helpers', () => {
    const files = [...serverFiles().keys()];
    expect(files).toContain('server/db/outbox.ts');
    expect(
      files.filter((file) => /migrations\.ts$|\.test\.ts$|^server\/testing\//.test(file)),
    ).toEqual([]);
  });
});
