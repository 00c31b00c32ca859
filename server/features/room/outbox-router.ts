import { Hono } from 'hono';
import { funnelApi } from '../../../contracts/owner-funnel';
import type { Store } from '../../db/store';
import { outboxListCommand, outboxRetryCommand } from './commands/outbox';
import type { BodyOf, RoomEnv } from './room-request';

/**
 * The room's outbox (contracts/owner-funnel.ts): the forwarding jobs still to do, and another go
 * for those that gave up, through the same commands as `npm run leads outbox`.
 */
export function outboxRouter({ store, bodyOf }: { store: Store; bodyOf: BodyOf }) {
  const app = new Hono<RoomEnv>();

  app.get(`/api${funnelApi.outbox}`, async (c) =>
    c.json(await outboxListCommand.run({ store }, {})),
  );

  app.post(`/api${funnelApi.retry}`, async (c) => {
    const body = await bodyOf(c, outboxRetryCommand.input);
    if ('answer' in body) return body.answer;
    const retried = await outboxRetryCommand.run({ store }, body.data);
    if (body.data.id !== undefined && retried.queued === 0) {
      return c.json({ error: 'No failed job has that id.' }, 404);
    }
    return c.json(retried);
  });

  return app;
}
