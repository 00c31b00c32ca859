import { addCounts } from '../db/count-batch';
import type { PageViewTable } from '../db/schema';
import type { Store } from '../db/store';

/** Page views and their daily salts (decision 013): the counter's reads and writes. */

export type PageViewCount = PageViewTable;

/** The day page views are counted under (the room and the reports count the same days). */
export { utcDay } from '../../contracts/funnel-figures';

/** Adds page views (decision 013). */
export const addPageViews = (store: Store, counts: readonly PageViewCount[]) =>
  addCounts(store, 'page_views', ['day', 'host', 'path', 'source', 'visitor'], counts);

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
