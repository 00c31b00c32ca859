import { forgetCommand } from '../../../server/features/leads/commands/forget';
import { erasedCounts, inputOf, type LeadsCommand, refuseExtraWords } from './command';

export const forgetCli: LeadsCommand = {
  name: 'forget',
  usage: `  forget EMAIL
      Erase everything held about this email address: contact submissions, sign-ups on every
      list, the person in workshop sales and places (their amounts stay, for the books) and
      their pending forwarding jobs (UK GDPR erasure). Kit and Stripe keep their own copies: remove the person
      there too.`,
  parse({ words }) {
    refuseExtraWords(words, 1);
    const input = inputOf(forgetCommand.input, { email: words[0] }, { email: 'forget' });
    return async ({ io, store }) => {
      const erased = await forgetCommand.run({ store: await store() }, input);
      io.stdout(`Erased ${erasedCounts(erased)}.\n`);
    };
  },
};
