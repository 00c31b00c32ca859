import { pruneCommand } from '../../../server/features/leads/commands/prune';
import { erasedCounts, inputOf, type LeadsCommand, refuseExtraWords } from './command';

export const pruneCli: LeadsCommand = {
  name: 'prune',
  usage: `  prune --older-than AGE
      Delete leads older than AGE (e.g. 365d) with their jobs, and finished jobs as old; workshop
      sales and places as old keep their amounts without the person.`,
  options: { 'older-than': { type: 'string' } },
  parse({ words, options }) {
    refuseExtraWords(words, 0);
    const input = inputOf(
      pruneCommand.input,
      { olderThan: options['older-than'] },
      { olderThan: '--older-than' },
    );
    return async ({ io, now, store }) => {
      const pruned = await pruneCommand.run({ store: await store(), now }, input);
      io.stdout(`Deleted ${erasedCounts(pruned)}.\n`);
    };
  },
};
