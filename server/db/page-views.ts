import type { PageViewTable } from './schema';
import type { Store } from './store';

/** Page views and their daily salts (decision 013): the counter's reads and writes. */

export type PageViewCount = PageViewTable;

/** The day page views are counted under (the room and the reports count the same days). */
export { utcDay } from '../../contracts/funnel-figures';

/** Rows per INSERT: 6,000 parameters, well inside SQLite's and PostgreSQL's limits. */
const rowsPerStatement = 1000;

/**
 * Adds counts to the stored ones in one write transaction: a row that exists gets its views
 * added (never overwritten), so any number of instances can flush into one database. Rows go
 * in key order, so two instances upserting the same rows take their locks in the same order
 * and cannot deadlock on PostgreSQL. Each key may appear once.
 */
export async function addPageViews(store: Store, counts: readonly PageViewCount[]): Promise<void> {
  if (counts.length === 0) return;
  const sorted = [...counts].sort(compareKeys);
  await store.write(async (trx) => {
    for (let start = 0; start < sorted.length; start += rowsPerStatement) {
      await trx
        .insertInto('page_views')
        .values(sorted.slice(start, start + rowsPerStatement))
        .onConflict((conflict) =>
          conflict.columns(['day', 'host', 'path', 'source', 'visitor']).doUpdateSet((eb) => ({
            views: eb('page_views.views', '+', eb.ref('excluded.views')),
          })),
        )
        .execute();
    }
  });
}

const keyOf = (row: PageViewCount) =>
  [row.day, row.host, row.path, row.source, row.visitor].join('\n');
const compareKeys = (a: PageViewCount, b: PageViewCount) => {
  const [x, y] = [keyOf(a), keyOf(b)];
  return x < y ? -1 : x > y ? 1 : 0;
};

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
