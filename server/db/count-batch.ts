import type { Kysely } from 'kysely';
import type { Logger } from '../logger';
import type { Database, PageViewTable } from './schema';
import type { Store } from './store';

/**
 * Counts kept in memory between two writes (decision 013): a request only adds to a map, and a
 * timer writes the map in one transaction every few seconds, so serving never waits for a count.
 * The page views and the experiments' exposures each keep one.
 */
export interface CountBatch<Row extends { views: number }> {
  /** Adds a row's views to the row of the same key, or holds it, up to the batch's bound. */
  add(key: string, row: Row): void;
  /** Writes what is held and empties it; a failed write keeps its rows for the next. */
  write(): Promise<void>;
}

/** How often a running batch is written. */
export const flushIntervalMs = 5000;
/**
 * Different rows held between two writes; beyond it counts are dropped and the drop logged, so a
 * flood of made-up paths or visitors cannot exhaust the memory.
 */
const maxPendingRows = 100_000;

export function countBatch<Row extends { views: number }>({
  write,
  logger,
  what,
}: {
  write: (rows: Row[]) => Promise<void>;
  logger: Logger;
  /** What the rows are, for the log lines ("page views"). */
  what: string;
}): CountBatch<Row> {
  const rows = new Map<string, Row>();
  let dropped = 0;

  function add(key: string, row: Row): void {
    const current = rows.get(key);
    if (current) current.views += row.views;
    else if (rows.size < maxPendingRows) rows.set(key, row);
    else dropped += row.views;
  }

  return {
    add,
    async write() {
      if (dropped > 0) {
        logger.warn({ dropped }, `${what} dropped: too many different rows between two writes`);
        dropped = 0;
      }
      if (rows.size === 0) return;
      const batch = new Map(rows);
      rows.clear();
      try {
        await write([...batch.values()]);
      } catch (error) {
        logger.error(
          { err: error, rows: batch.size },
          `${what} not stored; kept for the next flush`,
        );
        for (const [key, row] of batch) add(key, row);
      }
    },
  };
}

/** Calls `flush` every flushIntervalMs, one at a time; `stop` ends the timer and flushes last. */
export function flushing(flush: () => Promise<void>): { stop(): Promise<void> } {
  const timer = setInterval(() => void flush(), flushIntervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await flush();
    },
  };
}

/** Rows per INSERT: 6,000 parameters, well inside SQLite's and PostgreSQL's limits. */
const rowsPerStatement = 1000;

/** A table counted by key: a row per key, and the views added to it. */
type CountedTable = {
  [Table in keyof Database]: Database[Table] extends { views: number } ? Table : never;
}[keyof Database];

/**
 * Adds counts to the stored ones in one write transaction: a row that exists gets its views
 * added (never overwritten), so any number of instances can flush into one database. Rows go
 * in key order, so two instances upserting the same rows take their locks in the same order
 * and cannot deadlock on PostgreSQL. Each key may appear once; `columns` are the table's key.
 */
export async function addCounts<Table extends CountedTable>(
  store: Store,
  table: Table,
  columns: ReadonlyArray<keyof Database[Table] & string>,
  counts: readonly Database[Table][],
): Promise<void> {
  if (counts.length === 0) return;
  const keyOf = (row: Database[Table]) =>
    columns.map((column) => (row as unknown as Record<string, unknown>)[column]).join('\n');
  const sorted = [...counts].sort((a, b) => {
    const [x, y] = [keyOf(a), keyOf(b)];
    return x < y ? -1 : x > y ? 1 : 0;
  });
  await store.write(async (trx) => {
    for (let start = 0; start < sorted.length; start += rowsPerStatement) {
      // Every counted table has the shape that matters here: a key and `views`.
      await (trx as unknown as Kysely<Pick<Database, 'page_views'>>)
        .insertInto(table as 'page_views')
        .values(sorted.slice(start, start + rowsPerStatement) as unknown as PageViewTable[])
        .onConflict((conflict) =>
          conflict
            .columns([...columns] as unknown as Array<keyof PageViewTable>)
            .doUpdateSet((eb) => ({
              views: eb(`${table as 'page_views'}.views`, '+', eb.ref('excluded.views')),
            })),
        )
        .execute();
    }
  });
}
