import { z } from 'zod';
import { ownerCommand } from '../../../commands/command';
import { ageSchema } from '../../../commands/inputs';
import type { Store } from '../../../db/store';
import { pruneOlderThan } from '../owner-data';

/**
 * Deletes leads older than an age with their jobs, and finished jobs as old; the cohort's
 * applications past the months the served content keeps them (its `application.retentionMonths`,
 * which the privacy notice states). Answers how many.
 */
export const pruneCommand = ownerCommand({
  input: z.strictObject({ olderThan: ageSchema }),
  run: (
    {
      store,
      now,
      applicationRetentionMonths,
    }: { store: Store; now: Date; applicationRetentionMonths: number },
    { olderThan },
  ) =>
    pruneOlderThan(store, new Date(now.getTime() - olderThan), {
      now,
      retentionMonths: applicationRetentionMonths,
    }),
});
