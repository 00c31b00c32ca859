import { Hono } from 'hono';
import { ownerPaths } from '../../../../contracts/owner';
import { publishRequestSchema, type Versions } from '../../../../contracts/owner-publish';
import { roomApi } from '../../../../contracts/room/api';
import type { PageId } from '../../../../contracts/routes';
import type { Store } from '../../../db/store';
import { isSameOriginPost } from '../../../http/same-origin';
import { sendFile } from '../../../http/send-file';
import type { Logger } from '../../../logger';
import { type BodyOf, type RoomEnv, roomApiRouter } from '../room-request';
import { publishAnswers } from './answers';
import type { Publisher } from './publisher';
import { listVersions } from './versions';

/**
 * The room's publishing calls, behind its session check (server/features/room/router.ts mounts this):
 *
 *   GET  /api/versions                the versions, newest first, the one served, one that could
 *                                     not be rendered, how much of the caps the content takes,
 *                                     and the saved changes not yet published
 *   POST /api/publish                 the working copy, checked, rendered and served; its
 *                                     posts dated in the past send their newsletter only when
 *                                     named in `sendLate` (docs/decisions/028-writing.md)
 *   POST /api/versions/:id/rollback   an earlier version published again
 *   POST /api/preview                 the working copy rendered for the owner alone
 *   GET  /preview/:page, /preview/images/:file   that preview
 */
export function publishRouter({
  publisher,
  store,
  logger,
  siteOrigin,
  bodyOf,
  clock,
}: {
  publisher: Publisher;
  store: Store;
  logger: Pick<Logger, 'error'>;
  siteOrigin: string;
  bodyOf: BodyOf;
  clock: () => number;
}) {
  const api = roomApiRouter();
  const crossSite = (headers: Headers) => !isSameOriginPost(headers, siteOrigin);

  api.get(roomApi.versions, async (c) =>
    c.json({
      served: publisher.served(),
      ...(await publisher.status()),
      versions: await listVersions(store, 50),
    } satisfies Versions),
  );

  const { answer, failed } = publishAnswers({ store, logger, clock });

  api.post(roomApi.publish, async (c) => {
    const body = await bodyOf(c, publishRequestSchema);
    if ('answer' in body) return body.answer;
    const ownerId = c.var.session.id;
    return publisher
      .publish(ownerId, clock(), body.data.sendLate)
      .then(answer, (error) => failed(error, ownerId));
  });

  api.post(roomApi.rollback(':id'), async (c) => {
    if (crossSite(c.req.raw.headers)) return c.json({ error: 'Cross-site request refused.' }, 403);
    const id = c.req.param('id');
    if (!/^[0-9a-f-]{36}$/.test(id)) return c.json({ error: 'No such version.' }, 404);
    const ownerId = c.var.session.id;
    return publisher.rollback(ownerId, id, clock()).then(answer, (error) => failed(error, ownerId));
  });

  api.post(roomApi.preview, async (c) => {
    if (crossSite(c.req.raw.headers)) return c.json({ error: 'Cross-site request refused.' }, 403);
    try {
      const result = await publisher.preview();
      if (!result.ok)
        return c.json({ error: `The content does not fit.\n${result.problems}` }, 422);
    } catch (error) {
      // Only the owner's eyes were waiting: nothing to keep in the audit log.
      return failed(error, null);
    }
    // Every page of the preview, the owner's own among them ("pages/speaking").
    const pages = [...(publisher.currentPreview()?.pages.keys() ?? [])];
    return c.json({
      pages: pages.map((page) => ({ page, href: `${ownerPaths.room}/preview/${page}` })),
    });
  });

  const app = new Hono<RoomEnv>().route('/', api);
  app.get('/preview/images/:file', (c) => {
    const file = publisher.currentPreview()?.images.get(c.req.param('file'));
    return file ? sendFile(c, file) : c.text('Not found', 404);
  });
  app.get('/preview/:page{(?:pages/)?[a-z0-9-]+}', (c) => {
    const preview = publisher.currentPreview();
    const file = preview?.pages.get(c.req.param('page') as PageId);
    return file
      ? sendFile(c, file)
      : c.text('No preview of that page: press "Preview" in the room first.', 404);
  });

  return app;
}
