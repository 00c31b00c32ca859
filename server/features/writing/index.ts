/**
 * The writing (docs/decisions/028-writing.md): the posts' feeds, and each post that goes out as
 * the newsletter, made a Kit broadcast once, when it is published. What the rest of the server
 * may use of it:
 * - its routes (`feedRoutes`): each host's RSS, Atom and JSON feeds;
 * - the room's posts with their figures (`postsRoomRouter`, `postFiguresCommand`);
 * - what a publish starts: the broadcasts in a render (`newslettersIn`, `nextNewsletters`,
 *   `queueBroadcasts`), and what the outbox's kit-broadcast job reads and marks.
 * Its table: post_broadcasts. Its job: kit-broadcast.
 */

export type { FeedSource } from '../../../contracts/render-slices/writing';
export { type Newsletter, newslettersIn } from './broadcast';
export { postFiguresCommand } from './commands/figures';
export { broadcastMark, writingJobs } from './jobs';
export { writingMigrations } from './migrations';
export { nextNewsletters } from './next-broadcasts';
export { newsletterHook } from './publish-hook';
export { postsRoomRouter } from './room-router';
export { feedRoutes } from './routes';
export {
  broadcastLeadMs,
  findPostBroadcast,
  listPostBroadcasts,
  markBroadcastMade,
  queueBroadcasts,
} from './store';
