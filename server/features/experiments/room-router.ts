import { Hono } from 'hono';
import { fieldErrors } from '../../../contracts/api-error';
import {
  type Experiment,
  type ExperimentGoal,
  variantId,
} from '../../../contracts/content/experiments';
import { funnelApi, planQuerySchema, winnerRequestSchema } from '../../../contracts/owner-funnel';
import { type PageId, resolveRoute } from '../../../contracts/routes';
import type { NamedHosts } from '../../../contracts/sites';
import { sendFile } from '../../http/send-file';
import type { StaticFile } from '../../http/static-files';
import { utcDay } from '../../page-views/store';
import type { Site } from '../../site';
import { audit, publishAnswers, type RoomEnv, type RoomTools } from '../room';
import { experimentsCommand } from './command';
import { planOf } from './plan';
import { winnerChange } from './winner';

/** What the room needs of the experiments the site serves now. */
export interface ServedExperiments {
  /** The experiments of the content served now. */
  list(): readonly Experiment[];
  /** A variant's page as served now ("control" is the page as it is), if there is one. */
  variantPage(experiment: Experiment, variant: string): StaticFile | undefined;
  /** The pages an experiment may test now, with the goals each can be measured by. */
  testable(): ReadonlyArray<{ page: PageId; goals: readonly ExperimentGoal[] }>;
  /** The page a site's host name and a path show, if any (the funnel counts by host and path). */
  pageAt(host: string, path: string): PageId | null;
}

/**
 * The room's experiments (docs/decisions/027-experiments.md), behind its session check:
 *
 *   GET  /api/experiments             each experiment served, with its standing
 *   GET  /api/experiments/plan?lift=  the sample a next experiment would need, page by page
 *   POST /api/experiments/winner      "Make this the page": the variant's words written into the
 *                                     working copy, the experiment taken out, and published
 *   GET  /experiments/:name/:variant  a variant's page as its visitors are sent it, for the
 *                                     owner's eyes (a visitor cannot choose one)
 */
export function experimentsRouter({
  store,
  logger,
  bodyOf,
  clock,
  served,
  editor,
  publisher,
}: RoomTools & { served: ServedExperiments }) {
  // Without both the editor's API and the publisher (dev), no experiment is ended here.
  const app = new Hono<RoomEnv>();

  app.get(`/api${funnelApi.experiments}`, async (c) =>
    c.json(
      await experimentsCommand.run(
        { store, experiments: served.list(), now: new Date(clock()) },
        {},
      ),
    ),
  );

  app.get(`/api${funnelApi.plan}`, async (c) => {
    const query = planQuerySchema.safeParse(c.req.query());
    if (!query.success) {
      return c.json({ error: 'Check the request.', fields: fieldErrors(query.error) }, 400);
    }
    return c.json(
      await planOf({
        store,
        testable: served.testable(),
        pageAt: served.pageAt,
        liftPercent: query.data.lift,
        today: utcDay(new Date(clock())),
      }),
    );
  });

  if (editor && publisher) {
    const { answer, failed } = publishAnswers({ store, logger, clock });
    app.post(`/api${funnelApi.winner}`, async (c) => {
      const body = await bodyOf(c, winnerRequestSchema);
      if ('answer' in body) return body.answer;
      const { experiment, variant } = body.data;
      const saved = await editor.save((dir) => winnerChange(dir, experiment, variant));
      if (!saved.ok) return c.json({ error: saved.problem }, saved.status);
      const ownerId = c.var.session.id;
      await audit(store, ownerId, 'end-experiment', { experiment, variant }, clock());
      return publisher.publish(ownerId, clock()).then(answer, (error) => failed(error, ownerId));
    });
  }

  app.get('/experiments/:name/:variant', (c) => {
    const experiment = served.list().find(({ name }) => name === c.req.param('name'));
    const page = experiment && served.variantPage(experiment, c.req.param('variant'));
    return page ? sendFile(c, page) : c.text('No such variant is served now.', 404);
  });

  return app;
}

/** The experiments a site serves, as the room reads them (`site` is the render served now, whose fields a publish swaps). */
export function servedExperiments(
  site: Pick<Site, 'experiments' | 'pages' | 'testable' | 'ownerRoutes'>,
  hosts: NamedHosts,
): ServedExperiments {
  return {
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
  };
}
