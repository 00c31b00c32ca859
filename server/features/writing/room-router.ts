import type { FeedSource } from '../../../contracts/render-slices/writing';
import { roomApi } from '../../../contracts/room/api';
import type { Store } from '../../db/store';
import { queryOf, refusedFields, roomApiRouter } from '../room';
import { postFiguresCommand } from './commands/figures';

/** What the room's posts need of the writing the site serves now. */
export interface ServedWriting {
  served: () => FeedSource | undefined;
  /** Whether Kit receives the posts' newsletters. */
  kit: boolean;
}

/**
 * The room's posts (contracts/room/posts.ts), behind its session check: GET /api/posts, each
 * post's figures and its newsletter, through the same command as `npm run leads posts figures`.
 */
export function postsRoomRouter({
  store,
  clock,
  writing,
}: {
  store: Store;
  clock: () => number;
  writing: ServedWriting;
}) {
  return roomApiRouter().get(roomApi.posts, async (c) => {
    const query = queryOf(c, postFiguresCommand.input);
    if ('answer' in query) return query.answer;
    const figures = await postFiguresCommand.run(
      { store, now: new Date(clock()), served: writing.served(), kit: writing.kit },
      query.data,
    );
    return 'problem' in figures ? refusedFields(c, { from: figures.problem }) : c.json(figures);
  });
}
