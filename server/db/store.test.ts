import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { countRows, describeEachStore } from '../testing/stores';

describeEachStore('store', ({ store }) => {
  it('runs on the durability settings it was opened with', async () => {
    if (store().dialect === 'sqlite') {
      const pragma = async (name: string) =>
        Object.values((await sql.raw(`PRAGMA ${name}`).execute(store().db)).rows[0] ?? {})[0];
      expect(await pragma('journal_mode')).toBe('wal');
      expect(await pragma('synchronous')).toBe(2); // FULL
      expect(await pragma('busy_timeout')).toBe(5000);
    } else {
      const { rows } = await sql<{ synchronous_commit: string }>`SHOW synchronous_commit`.execute(
        store().db,
      );
      expect(rows[0]?.synchronous_commit).toBe('on');
    }
  });

  it('commits concurrent writes together, and a failing one alone is rolled back', async () => {
    const insert = (id: string) =>
      store().write(async (trx) => {
        await trx.insertInto('settings').values({ name: id, value: 'v' }).execute();
        if (id === 'bad') throw new Error('refused');
        return id;
      });
    const results = await Promise.allSettled(['a', 'b', 'bad', 'c'].map(insert));
    expect(results.map((result) => result.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'rejected',
      'fulfilled',
    ]);
    const names = await store().db.selectFrom('settings').select('name').orderBy('name').execute();
    expect(names.map((row) => row.name)).toEqual(['a', 'b', 'c']);
    expect(await countRows(store(), 'outbox_jobs')).toBe(0);
  });
});
