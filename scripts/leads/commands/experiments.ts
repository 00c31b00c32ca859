import {
  endExperimentCommand,
  experimentPlanCommand,
  experimentsCommand,
} from '../../../server/features/experiments';
import { planText, standingsText } from '../experiments';
import { onServedSite } from '../served';
import { cell } from '../table';
import {
  type Args,
  inputOf,
  type LeadsCommand,
  refuseExtraWords,
  tableFormatSchema,
  UsageError,
  type Work,
} from './command';

/**
 * The experiments (docs/decisions/027-experiments.md), as the room's Experiments view has them:
 * their standing, the plan of the next, and "Make this the page", by the same owner commands.
 */
export const experimentsCli: LeadsCommand = {
  name: 'experiments',
  usage: `  experiments [--format table|json]
      Each experiment the site serves now: every variant's visitors, conversions and rate, its
      chance to beat the control, the risk of choosing it and where it stands.
  experiments plan [--lift PERCENT] [--format table|json]
      The sample each variant of a next experiment would need on each page, to detect a lift of
      PERCENT (a whole number, 1 to 300; default 10), from the last four complete weeks.
  experiments end EXPERIMENT VARIANT
      "Make this the page": write VARIANT's words into its page in the owner's working copy
      (DATA_DIR/content), take EXPERIMENT out, and publish the working copy as a version, as the
      room does (Roll back undoes it); "control" only ends the experiment. It publishes whatever
      else was saved in the editor since the last publish too. The audit log and the version
      name no owner: it came from the server's terminal. Running servers serve it within seconds.`,
  options: { lift: { type: 'string' }, format: { type: 'string' } },
  parse({ words, options }) {
    const [action] = words;
    if (action === 'end') return end(words);
    const { format } = inputOf(
      tableFormatSchema,
      { format: options.format },
      { format: '--format' },
    );
    const print = <T>(answer: T, table: (answer: T) => string) =>
      format === 'json' ? `${JSON.stringify(answer, null, 2)}\n` : table(answer);
    if (action === 'plan') {
      refuseExtraWords(words, 1);
      const input = inputOf(
        experimentPlanCommand.input,
        { lift: options.lift },
        { lift: '--lift' },
      );
      return (context) =>
        onServedSite(context, async ({ store, experiments }) => {
          const plan = await experimentPlanCommand.run(
            { store, served: experiments, now: context.now },
            input,
          );
          context.io.stdout(print(plan, planText));
        });
    }
    if (action !== undefined) throw new UsageError('experiments needs nothing, "plan" or "end".');
    return (context) =>
      onServedSite(context, async ({ store, experiments }) => {
        const standings = await experimentsCommand.run(
          { store, experiments: experiments.list(), now: context.now },
          {},
        );
        context.io.stdout(print(standings, standingsText));
      });
  },
};

/** `experiments end`: the room's "Make this the page", the owner at the server's terminal. */
function end(words: Args['words']): Work {
  refuseExtraWords(words, 3);
  const [, experiment, variant] = words;
  if (experiment === undefined || variant === undefined) {
    throw new UsageError('experiments end needs the experiment and the variant to keep.');
  }
  const input = inputOf(
    endExperimentCommand.input,
    { experiment, variant },
    { experiment: 'EXPERIMENT', variant: 'VARIANT' },
  );
  return (context) =>
    onServedSite(context, async ({ store, editor, publisher }) => {
      // The command's time moves on as it runs, so its publish is logged after its ending.
      const started = performance.now();
      const clock = () => context.now.getTime() + Math.round(performance.now() - started);
      const ended = await endExperimentCommand.run(
        { store, editor, publisher, ownerId: null, clock },
        input,
      );
      if (!ended.saved) throw new Error(ended.refused.problem);
      const { published } = ended;
      if (!published.ok) {
        throw new Error(
          'problems' in published
            ? `Nothing was published: the content does not fit.\n${published.problems}`
            : 'Nothing was published.',
        );
      }
      const { version, notSent } = published;
      context.io.stdout(
        `${input.variant === 'control' ? `${input.experiment} has ended; its page stays as it was` : `${input.variant} is now the page and ${input.experiment} has ended`}: published as version ${version.number} (changed ${version.changed.join(', ') || 'nothing'}). Running servers serve it within a few seconds; Roll back in the room undoes it.\n`,
      );
      for (const post of notSent) {
        context.io.stdout(
          `Published without its newsletter (dated in the past): ${cell(post.title)}\n`,
        );
      }
    });
}
