import { type Experiment, splitOf } from '../../contracts/content/experiments';
import type { VariantTally } from '../db/experiments';
import {
  expectedLoss,
  probabilityToBeat,
  rateInterval,
  sampleRatio,
  type Verdict,
  verdictOf,
} from './statistics';

/** One variant as the room shows it (docs/decisions/027-experiments.md). */
export interface VariantResult {
  name: string;
  /** Its planned share of the visitors, in percent. */
  share: number;
  visitors: number;
  conversions: number;
  rate: number;
  /** The rate's 95% interval. */
  low: number;
  high: number;
  /** Against the control; null for the control itself. */
  probabilityToBeat: number | null;
  expectedLoss: number | null;
  verdict: Verdict | null;
}

export interface ExperimentResult {
  name: string;
  note: string | null;
  page: string;
  goal: Experiment['goal'];
  sampleSize: number;
  /** Whether it runs now. */
  live: boolean;
  variants: VariantResult[];
  /** The split has drifted from its plan: no result can be trusted until that is explained. */
  sampleRatioMismatch: boolean;
  sampleRatioP: number;
}

/** An experiment's standing from its counts: each variant against the control. */
export function resultOf(
  experiment: Experiment,
  tallies: ReadonlyMap<string, VariantTally>,
  live: boolean,
): ExperimentResult {
  const split = splitOf(experiment);
  const arms = split.map(({ name }) => tallies.get(name) ?? { visitors: 0, conversions: 0 });
  const control = arms[0] ?? { visitors: 0, conversions: 0 };
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
      const arm = arms[index] ?? { visitors: 0, conversions: 0 };
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
