import { z } from 'zod';
import { type SubscriptionList, subscriptionLists } from '../../../../contracts/subscription';
import { ownerCommand } from '../../../commands/command';
import { sinceDate, sinceSchema, subscriptionListSchema } from '../../../commands/inputs';
import type { Store } from '../../../db/store';
import { type Env, type KitFormEnv, kitFormIds } from '../../../env';
import { backfillKitJobs } from '../kit-backfill';

/** The settings a backfill needs before it may queue anything. */
export type KitSettings = Pick<Env, 'KIT_API_KEY'> & KitFormEnv;

/**
 * Refused because Kit's key or a list's form is not set: `missing` names the settings, for each
 * face to say where they go.
 */
export class KitNotConfiguredError extends Error {
  constructor(readonly missing: readonly string[]) {
    super(`${missing.join(', ')} not set.`);
  }
}

function missingSettings(env: KitSettings, lists: readonly SubscriptionList[]): string[] {
  if (!env.KIT_API_KEY) return ['KIT_API_KEY'];
  const forms = kitFormIds(env);
  return lists.filter((list) => !forms[list]).map((list) => `KIT_FORM_ID_${list.toUpperCase()}`);
}

/**
 * Queues a Kit sign-up for every subscriber on the list (or every list) who never had one,
 * from the oldest; a dry run only counts them. Answers the lists and how many sign-ups.
 */
export const kitBackfillCommand = ownerCommand({
  input: z.strictObject({
    list: subscriptionListSchema.optional(),
    since: sinceSchema.optional(),
    dryRun: z.boolean().default(false),
  }),
  async run(
    { store, env, now }: { store: Store; env: KitSettings; now: Date },
    { list, since, dryRun },
  ) {
    const lists = list ? [list] : subscriptionLists;
    // A job queued without Kit's key or the list's form would only be parked as failed. A dry
    // run queues nothing, so it also answers before Kit is set up.
    if (!dryRun) {
      const missing = missingSettings(env, lists);
      if (missing.length > 0) throw new KitNotConfiguredError(missing);
    }
    const signUps = await backfillKitJobs(store, {
      lists,
      since: since && sinceDate(since, now),
      dryRun,
      now,
    });
    return { lists, signUps, dryRun };
  },
});
