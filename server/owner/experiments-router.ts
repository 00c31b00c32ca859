import { Hono } from 'hono';
import type { Experiment } from '../../contracts/content/experiments';
import { funnelApi, winnerRequestSchema } from '../../contracts/owner-funnel';
import type { ContentEditorApi } from '../content-editor/api';
import type { Store } from '../db/store';
import { winnerChange } from '../experiments/winner';
import type { Logger } from '../logger';
import { sendFile } from '../send-file';
import type { StaticFile } from '../static-files';
import { audit } from './audit-log';
import { experimentsCommand } from './commands/experiments';
import type { Publisher } from './publish/publisher';
import { publishAnswers } from './publish/router';
import type { BodyOf, RoomEnv } from './room-request';

/**
 * The room's experiments (docs/decisions/027-experiments.md), behind its session check:
 *
 *   GET  /api/experiments             each experiment served, with its standing
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
  experiments,
  variantPage,
  editor,
  publisher,
}: {
  store: Store;
  logger: Pick<Logger, 'error'>;
  bodyOf: BodyOf;
  clock: () => number;
  /** The experiments of the content served now. */
  experiments: () => readonly Experiment[];
  /** A variant's page as served now, if there is one. */
  variantPage: (experiment: Experiment, variant: string) => StaticFile | undefined;
  /** The editor's API and the publisher: without both (dev), no experiment is ended here. */
  editor: ContentEditorApi | null;
  publisher: Publisher | null;
}) {
  const app = new Hono<RoomEnv>();

  app.get(`/api${funnelApi.experiments}`, async (c) =>
    c.json(
      await experimentsCommand.run(
        { store, experiments: experiments(), now: new Date(clock()) },
        {},
      ),
    ),
  );

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
    const experiment = experiments().find(({ name }) => name === c.req.param('name'));
    const page = experiment && variantPage(experiment, c.req.param('variant'));
    return page ? sendFile(c, page) : c.text('No such variant is served now.', 404);
  });

  return app;
}
