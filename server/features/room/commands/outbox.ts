import { z } from 'zod';
import { outboxRetrySchema } from '../../../../contracts/room/outbox';
import { ownerCommand } from '../../../commands/command';
import { listJobs, retryFailedJobs } from '../../../db/outbox';
import type { Store } from '../../../db/store';

/** The forwarding jobs still to do, and another go for the ones that gave up. */

/** Jobs pending or failed, oldest first: ids, state and errors only, no personal data. */
export const outboxListCommand = ownerCommand({
  input: z.strictObject({}),
  async run({ store }: { store: Store }) {
    const jobs = (await listJobs(store, ['pending', 'failed'])).map(
      ({ id, kind, status, attempts, next_attempt_at, last_error }) => ({
        id,
        kind,
        status,
        attempts,
        next_attempt_at,
        last_error,
      }),
    );
    const failed = jobs.filter((job) => job.status === 'failed').length;
    return { jobs, pending: jobs.length - failed, failed };
  },
});

/** Queues failed jobs again from a clean slate: all of them, or the one named. */
export const outboxRetryCommand = ownerCommand({
  input: outboxRetrySchema,
  async run({ store }: { store: Store }, { id }) {
    return { queued: await retryFailedJobs(store, id) };
  },
});
