import { utcDay } from '../../../../contracts/funnel-figures';
import { type Plan, planQuerySchema } from '../../../../contracts/room/experiments';
import { ownerCommand } from '../../../commands/command';
import type { Store } from '../../../db/store';
import { planOf } from '../plan';
import type { ServedExperiments } from '../served';

/**
 * "Plan the next experiment" (docs/decisions/027-experiments.md): the sample each variant of a
 * next experiment would need on every page the site serves now that an experiment may test, for
 * the smallest lift the owner names, from the page's last four complete weeks before `now`.
 */
export const experimentPlanCommand = ownerCommand({
  input: planQuerySchema,
  run: (
    {
      store,
      served,
      now,
    }: { store: Store; served: Pick<ServedExperiments, 'testable' | 'pageAt'>; now: Date },
    { lift },
  ): Promise<Plan> =>
    planOf({
      store,
      testable: served.testable(),
      pageAt: served.pageAt,
      liftPercent: lift,
      today: utcDay(now),
    }),
});
