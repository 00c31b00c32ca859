import { z } from 'zod';
import { ownerCommand } from '../../../commands/command';
import { ageSchema } from '../../../commands/inputs';
import type { Store } from '../../../db/store';
import { pruneOlderThan } from '../owner-data';

/** Deletes leads older than an age with their jobs, and finished jobs as old; answers how many. */
export const pruneCommand = ownerCommand({
  input: z.strictObject({ olderThan: ageSchema }),
  run: ({ store, now }: { store: Store; now: Date }, { olderThan }) =>
    pruneOlderThan(store, new Date(now.getTime() - olderThan)),
});
