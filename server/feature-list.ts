import { Hono } from 'hono';
import { leadRoutes } from './api/lead-routes';
import type { AppContext } from './app-context';
import { addExperimentCheckout, wasLiveOn } from './features/experiments';
import { salesRoutes } from './features/sales';
import { feedRoutes } from './feed-routes';
import { roomRoutes } from './owner/room-routes';
import { pageRoutes, searchRoutes } from './page-routes';

/** A part of the site with routes of its own: the app mounts each, in this list's order. */
export interface Feature {
  name: string;
  routes(context: AppContext): Hono;
}

/**
 * The features in the order their routes are tried (docs/architecture.md, "The server by
 * feature"): the API's, then the paths the server answers itself, then the pages, which answer
 * every other GET. A new feature is one more entry here.
 */
export const features: readonly Feature[] = [
  { name: 'leads', routes: leadRoutes },
  {
    name: 'sales',
    routes: (context) =>
      salesRoutes({
        ...context,
        experiments: {
          of: context.experimentOf,
          countClick: (click) => addExperimentCheckout(context.store, click),
          credits: (shown, day) => wasLiveOn(context.site.experiments ?? [], shown, day),
        },
      }),
  },
  // An /api/ path no feature answered: JSON, not the 404 page.
  {
    name: 'unknown API paths',
    routes: () => new Hono().all('/api/*', (c) => c.json({ error: 'Not found' }, 404)),
  },
  { name: 'room', routes: roomRoutes },
  { name: 'search files', routes: searchRoutes },
  { name: 'writing feeds', routes: feedRoutes },
  { name: 'pages', routes: pageRoutes },
];
