import { Hono } from 'hono';
import { funnelApi } from '../../../contracts/owner-funnel';
import type { FeedSource } from '../../../contracts/writing';
import type { Store } from '../../db/store';
import { queryOf, type RoomEnv, refusedFields } from '../room';
import { postFiguresCommand } from './commands/figures';

/** What the room's posts need of the writing the site serves now. */
export interface ServedWriting {
  served: () => FeedSource | undefined;
  /** Whether Kit receives the posts' newsletters. */
  kit: boolean;
}

/** The room's posts, behind its session check: GET /api/writing, each post's figures. */
export function writingRoomRouter({
  store,
  clock,
  writing,
}: {
  store: Store;
  clock: () => number;
  writing: ServedWriting;
}) {
  return new Hono<RoomEnv>().get(`/api${funnelApi.writing}`, async (c) => {
    const query = queryOf(c, postFiguresCommand.input);
    if ('answer' in query) return query.answer;
    const figures = await postFiguresCommand.run(
      { store, now: new Date(clock()), served: writing.served(), kit: writing.kit },
      query.data,
    );
    return 'problem' in figures ? refusedFields(c, { from: figures.problem }) : c.json(figures);
  });
}
