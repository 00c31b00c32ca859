import { z } from 'zod';
import { type Experiment, liveOn } from '../../../../contracts/content/experiments';
import type { ExperimentStanding } from '../../../../contracts/room/experiments';
import type { PageId } from '../../../../contracts/routes';
import { ownerCommand } from '../../../commands/command';
import type { Store } from '../../../db/store';
import { resultOf } from '../results';
import { experimentTallies } from '../store';

/** Every experiment of the published content, with its standing (docs/decisions/027-experiments.md). */
export const experimentsCommand = ownerCommand({
  input: z.strictObject({}),
  run: async ({
    store,
    experiments,
    now,
  }: {
    store: Store;
    experiments: readonly Experiment[];
    now: Date;
  }): Promise<ExperimentStanding[]> =>
    Promise.all(
      experiments.map(async (experiment) =>
        resultOf(
          experiment,
          await experimentTallies(store, experiment.name, experiment.goal),
          liveOn([experiment], experiment.page as PageId, now.getTime()) !== undefined,
        ),
      ),
    ),
});
