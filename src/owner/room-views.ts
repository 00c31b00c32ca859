import { ownerPaths } from '../../contracts/owner';
import { words } from './words';

/**
 * The room's views, one address each (docs/decisions/030-room-views.md), in the order the
 * navigation lists them, each under its group. The first is what needs the owner; the others are
 * one feature each. The server serves the room's one document at every /owner path behind the
 * session (server/features/room/router.ts), so a shared link or a reload opens the same view.
 */
export const roomViews = [
  { id: 'needs-you', path: ownerPaths.room, group: null },
  { id: 'funnel', path: `${ownerPaths.room}/funnel`, group: 'audience' },
  { id: 'leads', path: `${ownerPaths.room}/leads`, group: 'audience' },
  { id: 'workshop', path: `${ownerPaths.room}/workshop`, group: 'audience' },
  { id: 'applications', path: `${ownerPaths.room}/applications`, group: 'audience' },
  { id: 'experiments', path: `${ownerPaths.room}/experiments`, group: 'audience' },
  { id: 'writing', path: `${ownerPaths.room}/writing`, group: 'audience' },
  { id: 'publish', path: `${ownerPaths.room}/publish`, group: 'site' },
  { id: 'outbox', path: `${ownerPaths.room}/outbox`, group: 'care' },
  { id: 'erasure', path: `${ownerPaths.room}/erasure`, group: 'care' },
  { id: 'passkeys', path: `${ownerPaths.room}/passkeys`, group: 'care' },
  { id: 'log', path: `${ownerPaths.room}/log`, group: 'care' },
] as const satisfies readonly {
  id: keyof typeof words.views;
  path: string;
  group: keyof typeof words.nav.groups | null;
}[];

export type RoomView = (typeof roomViews)[number];
export type RoomViewId = RoomView['id'];

/** The address of a view. */
export const viewPath = (id: RoomViewId): string =>
  roomViews.find((view) => view.id === id)?.path ?? ownerPaths.room;

/** A path as the room compares it: without the slashes a link or a person may add at its end. */
export const roomPath = (pathname: string): string => pathname.replace(/\/+$/, '') || '/';

/** The view at a path, or null for a path the room has no view at. */
export function viewAt(pathname: string): RoomView | null {
  const path = roomPath(pathname);
  return roomViews.find((view) => view.path === path) ?? null;
}

/** The browser tab's name on a view, or on a path without one. */
export const titleOf = (view: RoomView | null): string =>
  words.nav.title(view ? words.views[view.id] : words.notFound.heading);
