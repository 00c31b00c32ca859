import { Hono } from 'hono';
import { variantId } from '../../contracts/content/experiments';
import { type PageId, resolveRoute } from '../../contracts/routes';
import type { AppContext } from '../app-context';
import { isRoomHost, ownerRouter } from './router';

/**
 * The owner's room (decisions 018, 019, 023), on the main site's own host; elsewhere /owner is an
 * unknown path (404), answered by the pages after it.
 */
export function roomRoutes(context: AppContext): Hono {
  const { env, site, hosts, forwarding } = context;
  const room = ownerRouter({
    ...context,
    room: site.room ?? null,
    editor: { page: site.editor ?? null, workingCopy: context.workingCopy },
    writing: { served: () => site.writing, kit: forwarding.makesBroadcasts },
    experiments: {
      list: () => site.experiments ?? [],
      variantPage: (experiment, variant) =>
        site.pages.get(
          variant === 'control'
            ? (experiment.page as PageId)
            : variantId(experiment.page as PageId, experiment.name, variant),
        ),
      testable: () => site.testable ?? [],
      pageAt: (host, path) => {
        const route = resolveRoute(host, path, hosts, site.ownerRoutes);
        return route.status === 200 ? route.page : null;
      },
    },
  });
  return new Hono().all('/owner/*', (c, next) =>
    isRoomHost(env.SITE_URL, c.req.url) ? room.fetch(c.req.raw, c.env) : next(),
  );
}
