import { Hono } from 'hono';
import { fieldErrors } from '../../../contracts/api-error';
import { roomApi } from '../../../contracts/room/api';
import { sendFile } from '../../http/send-file';
import { publishAnswers, type RoomEnv, type RoomTools, roomApiRouter } from '../room';
import { endExperimentCommand } from './commands/end';
import { experimentPlanCommand } from './commands/plan';
import { experimentsCommand } from './commands/standing';
import type { ServedExperiments } from './served';

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
  const api = roomApiRouter();

  api.get(roomApi.experiments, async (c) =>
    c.json(
      await experimentsCommand.run(
        { store, experiments: served.list(), now: new Date(clock()) },
        {},
      ),
    ),
  );

  api.get(roomApi.experimentsPlan, async (c) => {
    const query = experimentPlanCommand.input.safeParse(c.req.query());
    if (!query.success) {
      return c.json({ error: 'Check the request.', fields: fieldErrors(query.error) }, 400);
    }
    return c.json(
      await experimentPlanCommand.run({ store, served, now: new Date(clock()) }, query.data),
    );
  });

  if (editor && publisher) {
    const { answer, failed } = publishAnswers({ store, logger, clock });
    api.post(roomApi.experimentsWinner, async (c) => {
      const body = await bodyOf(c, endExperimentCommand.input);
      if ('answer' in body) return body.answer;
      const ownerId = c.var.session.id;
      return endExperimentCommand.run({ store, editor, publisher, ownerId, clock }, body.data).then(
        (ended) =>
          ended.saved
            ? answer(ended.published)
            : c.json({ error: ended.refused.problem }, ended.refused.status),
        (error) => failed(error, ownerId),
      );
    });
  }

  const app = new Hono<RoomEnv>().route('/', api);
  app.get('/experiments/:name/:variant', (c) => {
    const experiment = served.list().find(({ name }) => name === c.req.param('name'));
    const page = experiment && served.variantPage(experiment, c.req.param('variant'));
    return page ? sendFile(c, page) : c.text('No such variant is served now.', 404);
  });

  return app;
}
