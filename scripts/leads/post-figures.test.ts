import { expect, it } from 'vitest';
import { addDays, utcDay } from '../../contracts/funnel-figures';
import { postsInOrder } from '../../contracts/writing';
import { addSubscriber } from '../../server/features/leads';
import { postFiguresCommand, queueBroadcasts } from '../../server/features/writing';
import { addPageViews } from '../../server/page-views/store';
import { loadSite } from '../../server/site';
import { describeEachStore } from '../../server/testing/stores';
import { leadsOn } from './testing';

/**
 * `npm run leads -- posts figures`: the room's Writing view from the terminal, by the command
 * the room calls, on the real build (`npm run build` first) and its sample posts.
 */
describeEachStore('npm run leads -- posts figures', ({ store, database }) => {
  const now = new Date();
  const today = utcDay(now);
  const figures = (...argv: string[]) =>
    leadsOn(database(), {}, ['posts', 'figures', ...argv], now);

  /** The newest post the build serves, read twice on two hosts, with a sign-up and its newsletter. */
  async function readNewestPost() {
    const writing = (await loadSite()).writing;
    if (!writing) throw new Error('the build serves no writing');
    const [newest] = postsInOrder(writing.posts);
    if (!newest) throw new Error('the build serves no post');
    const path = `${writing.path}/${newest.slug}`;
    const view = (host: string, visitor: string) => ({
      day: today,
      host,
      path,
      source: 'Direct',
      visitor,
      views: 2,
    });
    await addPageViews(store(), [view('localhost', 'v1'), view('www.localhost', 'v2')]);
    await addSubscriber(
      store(),
      { list: 'newsletter', email: 'reader@example.com', page: path },
      { ipHash: 'h', verified: true, host: 'localhost' },
      [],
    );
    const id = newest.post.id ?? newest.slug;
    await store().write((trx) =>
      queueBroadcasts(
        trx,
        [
          {
            id,
            slug: newest.slug,
            subject: newest.post.title,
            previewText: 'd',
            html: '<p>Words</p>',
            date: newest.post.date,
            broadcast: 'scheduled',
          },
        ],
        { kit: false, now: now.getTime() },
      ),
    );
    return { writing, newest };
  }

  it("prints each post's readers, sign-ups and newsletter, as the room's Writing view", async () => {
    const { writing, newest } = await readNewestPost();
    const printed = await figures();
    expect(printed).toMatchObject({ code: 0, stderr: '' });
    expect(printed.stdout).toContain(
      `Posts, ${addDays(today, -27)} to ${today} (UTC days): each post's page, on whichever host it was read\n`,
    );
    expect(printed.stdout).toContain(
      'Kit is not set up (KIT_API_KEY), so publishing a post makes no email: the posts are on the site only.',
    );
    expect(printed.stdout).toMatch(
      /^date\s+post\s+views\s+visitors\s+sign-ups\s+confirmed\s+newsletter$/m,
    );
    const title = newest.post.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    expect(printed.stdout).toMatch(
      new RegExp(
        `^${newest.post.date.slice(0, 10)}\\s+${title}\\s+4\\s+2\\s+1\\s+0\\s+no email made: Kit was not set up when it was published$`,
        'm',
      ),
    );
    // Every post the site serves has its line.
    for (const { post } of postsInOrder(writing.posts))
      expect(printed.stdout).toContain(post.title);

    // As JSON, the very answer the room's API gives.
    const json = await figures('--format', 'json', '--from', addDays(today, -6));
    expect(JSON.parse(json.stdout)).toEqual(
      await postFiguresCommand.run(
        { store: store(), now, served: writing, kit: false },
        { from: addDays(today, -6) },
      ),
    );
  });

  it('refuses a period the room refuses, with the same words', async () => {
    for (const [argv, message] of [
      [['--from', 'yesterday'], '--from must be a day such as 2026-01-31.'],
      [['--to', '2026-02-30'], '--to must be a day of the calendar.'],
      [
        ['--from', addDays(today, 1), '--to', today],
        '--from must be on or before the end of the period.',
      ],
      [
        ['--from', addDays(today, -400)],
        '--from must be at most 366 days before the end of the period.',
      ],
      [['--format', 'html'], '--format must be table or json.'],
      [['extra'], 'Unexpected argument: extra'],
    ] as const) {
      const refused = await figures(...argv);
      expect(refused.code, argv.join(' ')).toBe(2);
      expect(refused.stderr).toContain(`${message}\n`);
      expect(refused.stdout).toBe('');
    }
  });
});
