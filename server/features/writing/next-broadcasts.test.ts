import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { buildPaths } from '../../build-paths';
import { describeEachStore } from '../../testing/stores';
import { addSubscriber, recordKitEvents } from '../leads';
import { nextNewsletters } from './next-broadcasts';
import { queueBroadcasts } from './store';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'next-newsletters-'));
  cpSync(join(buildPaths.root, 'content'), dir, { recursive: true });
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const now = Date.parse('2026-11-27T12:00:00Z');
const day = 86_400_000;

/** A post of the working copy, marked "newsletter", dated `at`. */
function writePost(slug: string, id: string | null, at: number, newsletter = true) {
  writeFileSync(
    join(dir, 'posts', `${slug}.md`),
    `---\n${id ? `id: ${id}\n` : ''}title: ${slug}\ndescription: What it says.\ndate: "${new Date(at).toISOString()}"\nnewsletter: ${newsletter}\n---\nText.\n`,
  );
}

describeEachStore('the newsletters the next Publish would start', ({ store }) => {
  it('lists each marked post not yet made in Kit, a past date as late, with the subscribers Kit confirmed', async () => {
    writePost('next-week', 'id-next-week', now + 7 * day);
    writePost('old-news', 'id-old-news', now - day);
    writePost('from-before-ids', null, now + 2 * day);
    writePost('sent-already', 'id-sent', now + 3 * day);
    writePost('queued', 'id-queued', now + 4 * day);
    writePost('not-marked', 'id-not-marked', now + day, false);
    const newsletter = (id: string, slug: string, at: number) => ({
      id,
      slug,
      subject: slug,
      previewText: 'What it says.',
      html: '<p>Text.</p>',
      date: new Date(at).toISOString(),
      broadcast: 'draft' as const,
    });
    await store().write(async (trx) => {
      await queueBroadcasts(
        trx,
        [
          newsletter('id-sent', 'sent-already', now + 3 * day),
          newsletter('id-queued', 'queued', now + 4 * day),
        ],
        { kit: true, now },
      );
    });
    await store()
      .db.updateTable('post_broadcasts')
      .set({ state: 'made' })
      .where('post_id', '=', 'id-sent')
      .execute();

    const meta = { ipHash: 'h', verified: true, host: 'localhost' };
    for (const [list, email] of [
      ['newsletter', 'ada@example.com'],
      ['waitlist', 'ada@example.com'],
      ['newsletter', 'bo@example.com'],
      ['newsletter', 'cy@example.com'],
      ['newsletter', 'di@example.com'],
    ] as const) {
      await addSubscriber(store(), { list, email }, meta, []);
    }
    const event = (
      id: string,
      type: 'subscriber.activated' | 'subscriber.unsubscribed',
      email: string,
      at: string,
    ) => ({
      id,
      type,
      email,
      occurredAt: at,
    });
    await recordKitEvents(store(), [
      event('e1', 'subscriber.activated', 'ada@example.com', '2026-11-01T00:00:00.000Z'),
      event('e2', 'subscriber.activated', 'bo@example.com', '2026-11-02T00:00:00.000Z'),
      event('e3', 'subscriber.activated', 'cy@example.com', '2026-11-03T00:00:00.000Z'),
      event('e4', 'subscriber.unsubscribed', 'cy@example.com', '2026-11-04T00:00:00.000Z'),
    ]);

    expect(await nextNewsletters({ store: store(), dir, kit: true, now })).toEqual({
      subscribers: 2,
      posts: [
        {
          id: 'id-old-news',
          title: 'old-news',
          date: new Date(now - day).toISOString(),
          broadcast: 'draft',
          late: true,
        },
        {
          id: 'from-before-ids',
          title: 'from-before-ids',
          date: new Date(now + 2 * day).toISOString(),
          broadcast: 'draft',
          late: false,
        },
        {
          id: 'id-queued',
          title: 'queued',
          date: new Date(now + 4 * day).toISOString(),
          broadcast: 'draft',
          late: false,
        },
        {
          id: 'id-next-week',
          title: 'next-week',
          date: new Date(now + 7 * day).toISOString(),
          broadcast: 'draft',
          late: false,
        },
      ],
    });
    expect(await nextNewsletters({ store: store(), dir, kit: false, now })).toEqual({
      subscribers: 0,
      posts: [],
    });
  });

  it('takes the broadcast from the working copy’s writing: scheduled, Kit sends it', async () => {
    const writing = join(dir, 'writing.yaml');
    writeFileSync(
      writing,
      readFileSync(writing, 'utf8').replace('broadcast: draft', 'broadcast: scheduled'),
    );
    writePost('next-week', 'id-next-week', now + 7 * day);
    const { posts } = await nextNewsletters({ store: store(), dir, kit: true, now });
    expect(posts.map(({ id, broadcast }) => ({ id, broadcast }))).toEqual([
      { id: 'id-next-week', broadcast: 'scheduled' },
    ]);
  });
});
