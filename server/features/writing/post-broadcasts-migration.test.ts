import type { Kysely } from 'kysely';
import { expect, it } from 'vitest';
import { postIdOf } from '../../../contracts/content/posts';
import { listJobs } from '../../db/outbox';
import { describeEachDatabase } from '../../testing/stores';
import type { Newsletter } from './broadcast';
import { findPostBroadcast, queueBroadcasts } from './store';

describeEachDatabase('0014 keys the broadcasts by the post’s id', ({ database }) => {
  it('a post sent before ids keeps its broadcast, published as it was or renamed since', async () => {
    const older = (await database().migratedTo('0012-post-broadcasts')) as Kysely<{
      post_broadcasts: Record<string, string | null>;
    }>;
    await older
      .insertInto('post_broadcasts')
      .values({
        slug: 'the-first-hire',
        state: 'made',
        subject: 'The first hire',
        preview_text: 'Hire the person who takes a job off your desk.',
        html: '<p>Sent</p>',
        post_date: '2026-11-01T07:00:00.000Z',
        broadcast: 'scheduled',
        kit_id: '41',
        send_at: '2026-11-01T07:00:00.000Z',
        made_at: '2026-11-01T06:50:00.000Z',
        updated_at: '2026-11-01T06:50:00.000Z',
      })
      .execute();
    await older.destroy();

    const store = await database().open();
    try {
      const sent: Newsletter = {
        // The post still has no id: it is known by its file name, as its row was.
        id: postIdOf('the-first-hire', {}),
        slug: 'the-first-hire',
        subject: 'The first hire',
        previewText: 'Hire the person who takes a job off your desk.',
        html: '<p>Edited</p>',
        date: new Date(Date.now() + 86_400_000).toISOString(),
        broadcast: 'scheduled',
      };
      const publish = (newsletter: Newsletter) =>
        store.write((trx) => queueBroadcasts(trx, [newsletter], { kit: true, now: Date.now() }));
      await publish(sent);
      // Renamed in the editor, which wrote its old name in as its id (server/features/room/editor/post-ids.ts).
      await publish({
        ...sent,
        id: postIdOf('hire-the-one', { id: 'the-first-hire' }),
        slug: 'hire-the-one',
      });
      expect(await listJobs(store, ['pending', 'failed', 'sent'])).toEqual([]);
      expect(await findPostBroadcast(store, 'the-first-hire')).toMatchObject({
        state: 'made',
        kit_id: '41',
        html: '<p>Sent</p>',
      });
    } finally {
      await store.close();
    }
  });
});
