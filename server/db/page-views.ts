import type { Kysely } from 'kysely';
import type { Database, ExperimentExposureTable, PageViewTable } from './schema';
import type { Store } from './store';

/** Page views and their daily salts (decision 013): the counter's reads and writes. */

export type PageViewCount = PageViewTable;

/** The day page views are counted under (the room and the reports count the same days). */
export { utcDay } from '../../contracts/funnel-figures';

/** Rows per INSERT: 6,000 parameters, well inside SQLite's and PostgreSQL's limits. */
const rowsPerStatement = 1000;

/** The tables counted by visitor and day, and the columns that key a row of each. */
const countedTables = {
  page_views: ['day', 'host', 'path', 'source', 'visitor'],
  experiment_exposures: ['day', 'experiment', 'variant', 'visitor'],
} as const;
type CountedTable = keyof typeof countedTables;

/**
 * Adds counts to the stored ones in one write transaction: a row that exists gets its views
 * added (never overwritten), so any number of instances can flush into one database. Rows go
 * in key order, so two instances upserting the same rows take their locks in the same order
 * and cannot deadlock on PostgreSQL. Each key may appear once.
 */
async function addCounts<Table extends CountedTable>(
  store: Store,
  table: Table,
  counts: readonly Database[Table][],
): Promise<void> {
  if (counts.length === 0) return;
  const columns = countedTables[table];
  const keyOf = (row: Database[Table]) =>
    columns.map((column) => (row as unknown as Record<string, unknown>)[column]).join('\n');
  const sorted = [...counts].sort((a, b) => {
    const [x, y] = [keyOf(a), keyOf(b)];
    return x < y ? -1 : x > y ? 1 : 0;
  });
  await store.write(async (trx) => {
    for (let start = 0; start < sorted.length; start += rowsPerStatement) {
      // The two tables share the shape that matters here: a key and `views`.
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

/** Adds page views (decision 013). */
export const addPageViews = (store: Store, counts: readonly PageViewCount[]) =>
  addCounts(store, 'page_views', counts);

export type ExposureCount = ExperimentExposureTable;

/** Adds exposures to experiments' variants (docs/decisions/027-experiments.md). */
export const addExposures = (store: Store, counts: readonly ExposureCount[]) =>
  addCounts(store, 'experiment_exposures', counts);

/**
 * The visitor-hash salts of `today` and later days. Stores the `proposed` salts of days that
 * have none yet (the first instance to ask wins; the others read its salt), and deletes the
 * salts of every day before `today`: from then on nobody can tell whose visits a stored hash
 * stands for, not even us.
 */
export async function dailySalts(
  store: Store,
  today: string,
  proposed: ReadonlyMap<string, string>,
): Promise<Map<string, string>> {
  return store.write(async (trx) => {
    await trx.deleteFrom('page_view_salts').where('day', '<', today).execute();
    if (proposed.size > 0) {
      await trx
        .insertInto('page_view_salts')
        .values([...proposed].map(([day, salt]) => ({ day, salt })))
        .onConflict((conflict) => conflict.column('day').doNothing())
        .execute();
    }
    const rows = await trx
      .selectFrom('page_view_salts')
      .select(['day', 'salt'])
      .where('day', '>=', today)
      .execute();
    return new Map(rows.map((row) => [row.day, row.salt]));
  });
}
