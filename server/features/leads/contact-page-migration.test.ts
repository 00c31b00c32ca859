import type { Kysely } from 'kysely';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../testing/stores';
import { exportContactSubmissions } from './owner-data';
import { addContactSubmission } from './store';

describeEachDatabase('0009 adds the page to enquiries', ({ database }) => {
  it('keeps the enquiries stored before it, without a page, and stores the page of new ones', async () => {
    const older = (await database().migratedTo('0008-kit-events')) as Kysely<{
      contact_submissions: Record<string, string | number>;
    }>;
    await older
      .insertInto('contact_submissions')
      .values({
        id: 'before',
        created_at: '2026-01-01T00:00:00.000Z',
        name: 'Ada',
        email: 'ada@example.com',
        message: 'Hello',
        ip_hash: 'h',
        verified: 1,
        host: 'localhost',
      })
      .execute();
    await older.destroy();

    const store = await database().open();
    try {
      await addContactSubmission(
        store,
        { name: 'Bo', email: 'bo@example.com', message: 'Hi', page: '/whatsstoppingyou' },
        { ipHash: 'h', verified: true, host: 'localhost' },
        [],
      );
      const rows = await exportContactSubmissions(store, {});
      expect(rows.map((row) => [row.id === 'before' ? 'before' : 'after', row.page])).toEqual([
        ['before', null],
        ['after', '/whatsstoppingyou'],
      ]);
    } finally {
      await store.close();
    }
  });
});
