import { forgetCommand } from '../../../server/owner/commands/forget';
import { erasedCounts, inputOf, type LeadsCommand, refuseExtraWords } from './command';

export const forgetCli: LeadsCommand = {
  name: 'forget',
  usage: `  forget EMAIL
      Erase everything held about this email address: contact submissions, sign-ups on every
      list and their pending forwarding jobs (UK GDPR erasure). Kit keeps its own copy: remove
      the subscriber there too.`,
  parse({ words }) {
    refuseExtraWords(words, 1);
    const input = inputOf(forgetCommand.input, { email: words[0] }, { email: 'forget' });
    return async ({ io, store }) => {
      const erased = await forgetCommand.run({ store: await store() }, input);
      io.stdout(`Erased ${erasedCounts(erased)}.\n`);
    };
  },
};
