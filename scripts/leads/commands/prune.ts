import { applicationRetentionOf } from '../../../server/features/cohort';
import { pruneCommand } from '../../../server/features/leads/commands/prune';
import { onServedSite } from '../served';
import { erasedCounts, inputOf, type LeadsCommand, refuseExtraWords } from './command';

export const pruneCli: LeadsCommand = {
  name: 'prune',
  usage: `  prune --older-than AGE
      Delete leads older than AGE (e.g. 365d) with their jobs, and finished jobs as old; workshop
      sales and places as old keep their amounts without the person. Cohort applications follow
      the served content's application.retentionMonths instead (the privacy notice says it):
      those decided longer ago, or undecided and unchanged as long, lose the applicant.`,
  options: { 'older-than': { type: 'string' } },
  parse({ words, options }) {
    refuseExtraWords(words, 0);
    const input = inputOf(
      pruneCommand.input,
      { olderThan: options['older-than'] },
      { olderThan: '--older-than' },
    );
    // The applications' months are the served content's, as the privacy notice states them.
    return (context) =>
      onServedSite(context, async ({ store, site }) => {
        const applicationRetentionMonths = applicationRetentionOf(site.cohort);
        const pruned = await pruneCommand.run(
          { store, now: context.now, applicationRetentionMonths },
          input,
        );
        context.io.stdout(`Deleted ${erasedCounts(pruned)}.\n`);
      });
  },
};
