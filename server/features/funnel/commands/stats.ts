import { z } from 'zod';
import { ownerCommand } from '../../../commands/command';
import { sinceDate, sinceSchema } from '../../../commands/inputs';
import type { Store } from '../../../db/store';
import { utcDay } from '../../../page-views/store';
import { funnel, funnelDimensions } from '../store';

/** The funnel from a day until another (today by default), in UTC days, by page, source, day or host. */
export const statsCommand = ownerCommand({
  input: z.strictObject({
    since: sinceSchema.prefault('30d'),
    until: sinceSchema.optional(),
    by: z
      .enum(funnelDimensions, { error: `must be one of ${funnelDimensions.join(', ')}.` })
      .default('page'),
  }),
  run: ({ store, now }: { store: Store; now: Date }, { since, until, by }) =>
    funnel(store, {
      by,
      from: utcDay(sinceDate(since, now)),
      to: utcDay(until ? sinceDate(until, now) : now),
    }),
});
