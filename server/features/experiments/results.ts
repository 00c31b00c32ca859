import { type Experiment, splitOf } from '../../../contracts/content/experiments';
import type { ExperimentStanding } from '../../../contracts/room/experiments';
import {
  expectedLoss,
  probabilityToBeat,
  rateInterval,
  sampleRatio,
  verdictOf,
} from './statistics';
import type { VariantTally } from './store';

/** An experiment's standing from its counts: each variant against the control. */
export function resultOf(
  experiment: Experiment,
  tallies: ReadonlyMap<string, VariantTally>,
  live: boolean,
): ExperimentStanding {
  const split = splitOf(experiment);
  // A variant converts at most every visitor it had. More conversions than visitors happen: a
  // sale may come from a click whose visitor's exposure was on another instance's unflushed batch
  // (server/page-views/counter.ts writes them every few seconds).
  const arms = split.map(({ name }) => {
    const { visitors, conversions, confirmed } = tallies.get(name) ?? {
      visitors: 0,
      conversions: 0,
    };
    return {
      visitors,
      conversions: Math.min(conversions, visitors),
      confirmed: confirmed === undefined ? null : Math.min(confirmed, visitors),
    };
  });
  const control = arms[0] ?? { visitors: 0, conversions: 0, confirmed: null };
  const challengers = split.length - 1;
  const ratio = sampleRatio(
    arms.map(({ visitors }) => visitors),
    split.map(({ share }) => share),
  );
  return {
    name: experiment.name,
    note: experiment.note ?? null,
    page: experiment.page,
    goal: experiment.goal,
    sampleSize: experiment.sampleSize,
    live,
    sampleRatioMismatch: ratio.mismatch,
    sampleRatioP: ratio.p,
    variants: split.map(({ name, share }, index) => {
      const arm = arms[index] ?? { visitors: 0, conversions: 0, confirmed: null };
      const isControl = index === 0;
      return {
        name,
        share,
        ...arm,
        ...rateInterval(arm),
        probabilityToBeat: isControl ? null : probabilityToBeat(arm, control),
        expectedLoss: isControl ? null : expectedLoss(arm, control),
        verdict: isControl
          ? null
          : verdictOf(arm, control, { sampleSize: experiment.sampleSize, challengers }),
      };
    }),
  };
}
