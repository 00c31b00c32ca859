import { postIdOf } from '../../../../contracts/content/posts';
import { funnelPageKey, utcDay } from '../../../../contracts/funnel-figures';
import type { FeedSource } from '../../../../contracts/render-slices/writing';
import {
  type FunnelLine,
  funnelPeriod,
  funnelQuerySchema,
} from '../../../../contracts/room/funnel';
import type { PostsAnswer } from '../../../../contracts/room/posts';
import { postsInOrder } from '../../../../contracts/writing';
import { ownerCommand } from '../../../commands/command';
import type { Store } from '../../../db/store';
import { statsCommand } from '../../funnel';
import { listPostBroadcasts } from '../store';

/**
 * Each post's figures over a period (the room's posts, `npm run leads posts figures`): its page's
 * views, visitors and sign-ups, on whichever of the main site's hosts it was read, and the state of
 * its newsletter in Kit. A period that is no period is `{ problem }`, said of its first day.
 */
export const postFiguresCommand = ownerCommand({
  input: funnelQuerySchema,
  async run(
    {
      store,
      now,
      served,
      kit,
    }: {
      store: Store;
      now: Date;
      /** The writing the site serves now; none in a render made before the writing. */
      served: FeedSource | undefined;
      /** Whether Kit receives the posts' newsletters. */
      kit: boolean;
    },
    query,
  ): Promise<PostsAnswer | { problem: string }> {
    const period = funnelPeriod(query, utcDay(now));
    if ('problem' in period) return period;
    const [byPage, broadcasts] = await Promise.all([
      statsCommand.run(
        { store, now },
        {
          since: { date: new Date(period.from) },
          until: { date: new Date(period.to) },
          by: 'page',
        },
      ),
      listPostBroadcasts(store),
    ]);
    return { ...period, kit, posts: served ? postFigures(served, byPage.rows, broadcasts) : [] };
  },
});

/**
 * Each post with its page's funnel row and its newsletter's state. A post no longer on the site
 * keeps its newsletter's row but is not listed.
 */
function postFigures(
  served: FeedSource,
  byPage: readonly FunnelLine[],
  broadcasts: Awaited<ReturnType<typeof listPostBroadcasts>>,
): PostsAnswer['posts'] {
  const byPath = new Map<string, FunnelLine[]>();
  for (const row of byPage) {
    const path = funnelPageKey.parse(row.key)?.path;
    if (path) byPath.set(path, [...(byPath.get(path) ?? []), row]);
  }
  const broadcastOf = new Map(broadcasts.map((row) => [row.post_id, row]));
  return postsInOrder(served.posts).map(({ slug, post }) => {
    const path = `${served.path}/${slug}`;
    const rows = byPath.get(path) ?? [];
    const sum = (pick: (row: FunnelLine) => number) =>
      rows.reduce((total, row) => total + pick(row), 0);
    const broadcast = broadcastOf.get(postIdOf(slug, post));
    return {
      slug,
      title: post.title,
      date: post.date,
      path,
      views: sum((row) => row.views),
      visitors: sum((row) => row.visitors),
      signUps: sum((row) => row.signUps),
      confirmed: sum((row) => row.confirmed),
      newsletter: broadcast
        ? {
            state: broadcast.state,
            broadcast: broadcast.broadcast,
            sendAt: broadcast.send_at,
            madeAt: broadcast.made_at,
            problem: broadcast.state === 'waiting' ? broadcast.last_error : null,
          }
        : null,
    };
  });
}
