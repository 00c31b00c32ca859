import { z } from 'zod';
import { count } from './fields';

/** The room's outbox (roomApi.outbox, roomApi.outboxRetry). */

/** GET outbox: the forwarding jobs still to do, oldest first; ids and errors, no personal data. */
export const outboxAnswerSchema = z.strictObject({
  jobs: z.array(
    z.strictObject({
      id: z.string(),
      kind: z.string(),
      status: z.enum(['pending', 'failed']),
      attempts: count,
      next_attempt_at: z.string(),
      last_error: z.string().nullable(),
    }),
  ),
  pending: count,
  failed: count,
});
export type OutboxAnswer = z.infer<typeof outboxAnswerSchema>;

/** POST outbox/retry: every failed job again, or the one named. */
export const outboxRetrySchema = z.strictObject({
  id: z
    .string({ error: 'must be a job id.' })
    .min(1, 'must be a job id.')
    .max(64, 'must be a job id.')
    .optional(),
});
export const outboxRetryAnswerSchema = z.strictObject({ queued: count });
