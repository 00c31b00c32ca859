import { roomApi } from '../../../contracts/room/api';
import type { Store } from '../../db/store';
import { outboxListCommand, outboxRetryCommand } from './commands/outbox';
import { type BodyOf, roomApiRouter } from './room-request';

/**
 * The room's outbox (contracts/room/outbox.ts): the forwarding jobs still to do, and another go
 * for those that gave up, through the same commands as `npm run leads outbox`.
 */
export function outboxRouter({ store, bodyOf }: { store: Store; bodyOf: BodyOf }) {
  const app = roomApiRouter();

  app.get(roomApi.outbox, async (c) => c.json(await outboxListCommand.run({ store }, {})));

  app.post(roomApi.outboxRetry, async (c) => {
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
