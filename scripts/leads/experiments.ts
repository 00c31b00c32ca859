import { percent } from '../../contracts/funnel-figures';
import type { experimentPlanCommand, experimentsCommand } from '../../server/features/experiments';
import { cell, tableLines } from './table';

/**
 * `experiments` and `experiments plan` as the terminal prints them: what the room's Experiments
 * view shows (src/owner/experiments-view.tsx), read from the same commands' answers.
 */

type Standing = Awaited<ReturnType<typeof experimentsCommand.run>>[number];
type Plan = Awaited<ReturnType<typeof experimentPlanCommand.run>>;

const goalWords: Readonly<Record<string, string>> = {
  signUps: 'sign-ups',
  checkouts: 'visitors who clicked the checkout',
  sales: 'paid sales',
  applications: 'cohort applications',
};
const goalOf = (goal: string) => goalWords[goal] ?? goal;
const none = '–';

/** Each experiment served now, its variants against its control (decision 027). */
export function standingsText(standings: readonly Standing[]): string {
  if (standings.length === 0) {
    return 'No experiment in the published content. Add one under Experiments in the editor.\n';
  }
  return standings.map(standingText).join('\n');
}

function standingText(experiment: Standing): string {
  const confirms = experiment.variants.some((variant) => variant.confirmed !== null);
  const header = [
    'variant',
    'share',
    'visitors',
    'conversions',
    ...(confirms ? ['confirmed by Kit'] : []),
    'rate (95% interval)',
    'beats the control',
    'risk if chosen',
    'standing',
  ];
  const rows = experiment.variants.map((variant) => [
    variant.name,
    `${variant.share}%`,
    String(variant.visitors),
    String(variant.conversions),
    ...(confirms ? [variant.confirmed === null ? none : String(variant.confirmed)] : []),
    `${percent(variant.rate)} (${percent(variant.low)}–${percent(variant.high)})`,
    percent(variant.probabilityToBeat),
    variant.expectedLoss === null ? none : `${(variant.expectedLoss * 100).toFixed(2)} pts`,
    variant.verdict ?? none,
  ]);
  return [
    `${experiment.name}: ${experiment.live ? 'running' : 'not running'}`,
    ...(experiment.note ? [cell(experiment.note, 200)] : []),
    `On ${experiment.page}, counting ${goalOf(experiment.goal)}. Fixed sample: ${experiment.sampleSize} visitors a variant.`,
    ...(experiment.sampleRatioMismatch
      ? [
          `The split has drifted from its plan (p = ${experiment.sampleRatioP.toExponential(1)}): something is wrong with how visitors are counted or shown the page. Trust no result until it is explained.`,
        ]
      : []),
    '',
    ...tableLines(header, rows, { left: [0, header.length - 1] }),
    '',
  ].join('\n');
}

/** The sample a next experiment would need, page by page and goal by goal. */
export function planText(plan: Plan): string {
  const rows = plan.pages.map((row) => [
    row.page,
    goalOf(row.goal),
    String(row.visitors),
    String(row.conversions),
    percent(row.rate),
    row.sampleSize === null ? none : String(row.sampleSize),
    row.days === null ? none : `${row.days} ${row.days === 1 ? 'day' : 'days'}`,
  ]);
  return [
    `The next experiment, for a lift of ${plan.lift}%: from ${plan.from} to ${plan.to} (UTC days)`,
    '',
    ...tableLines(
      ['page', 'counting', 'visitors', 'conversions', 'rate', 'sample a variant', 'about'],
      rows,
      { left: [0, 1] },
    ),
    '',
    'Sample a variant: the visitors each variant (the control too) needs to tell this lift from',
    'chance (two-sided 5%, 80% power), at the rate of the last four complete weeks. Write it into',
    'the experiment as its sample size before it starts. About: the days a control and one variant',
    'take at the same pace. "–": nothing counted yet, or a rate the lift would take past 100%.',
    '',
  ].join('\n');
}
