import { z } from 'zod';
import { pruneOlderThan } from '../../db/owner';
import type { Store } from '../../db/store';
import { ownerCommand } from './command';
import { ageSchema } from './inputs';

/** Deletes leads older than an age with their jobs, and finished jobs as old; answers how many. */
export const pruneCommand = ownerCommand({
  input: z.strictObject({ olderThan: ageSchema }),
  run: ({ store, now }: { store: Store; now: Date }, { olderThan }) =>
    pruneOlderThan(store, new Date(now.getTime() - olderThan)),
});
