import { Hono } from 'hono';
import type { Site } from '../../site';
import { isRoomHost, type OwnerRoomDeps, ownerRouter, type RoomPart } from './router';

/**
 * The owner's room (decisions 018, 019, 023), on the main site's own host; elsewhere /owner is an
 * unknown path (404), answered by the pages after it. `parts` are the features' room APIs.
 */
export function roomRoutes(
  context: Omit<OwnerRoomDeps, 'room' | 'editor' | 'parts'> & {
    site: Pick<Site, 'room' | 'editor'>;
    /** The owner's working copy of content/, made on first use. */
    workingCopy: () => Promise<string>;
  },
  parts: readonly RoomPart[],
): Hono {
  const { env, site } = context;
  const room = ownerRouter({
    ...context,
    room: site.room ?? null,
    editor: { page: site.editor ?? null, workingCopy: context.workingCopy },
    parts,
  });
  return new Hono().all('/owner/*', (c, next) =>
    isRoomHost(env.SITE_URL, c.req.url) ? room.fetch(c.req.raw, c.env) : next(),
  );
}
