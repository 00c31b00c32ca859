import { kitBackfillSpacingMs } from '../../../server/db/kit-backfill';
import {
  KitNotConfiguredError,
  kitBackfillCommand,
} from '../../../server/owner/commands/kit-backfill';
import { inputOf, type LeadsCommand, refuseExtraWords, UsageError } from './command';

export const kitCli: LeadsCommand = {
  name: 'kit',
  usage: `  kit backfill [--list newsletter|waitlist|handbook] [--since WHEN] [--dry-run]
      Queue a Kit sign-up for every subscriber who never had one (stored while Kit was not
      configured). The server sends them, one every 1.5 s. Needs KIT_API_KEY and each list's
      KIT_FORM_ID_*. --dry-run prints how many it would queue, and queues nothing.`,
  options: {
    list: { type: 'string' },
    since: { type: 'string' },
    'dry-run': { type: 'boolean' },
  },
  parse({ words, options }) {
    refuseExtraWords(words, 1);
    if (words[0] !== 'backfill') throw new UsageError('kit needs "backfill".');
    const input = inputOf(
      kitBackfillCommand.input,
      { list: options.list, since: options.since, dryRun: options['dry-run'] },
      { list: '--list', since: '--since', dryRun: '--dry-run' },
    );
    return async ({ io, now, store }) => {
      const { lists, signUps, dryRun } = await kitBackfillCommand
        .run({ store: await store(), env: io.env(), now }, input)
        .catch((error: unknown) => {
          throw error instanceof KitNotConfiguredError
            ? new Error(whatToSet(error.missing))
            : error;
        });
      const counted = `${signUps} sign-up${signUps === 1 ? '' : 's'}`;
      if (dryRun) {
        io.stdout(`Would queue ${counted} for Kit (${lists.join(', ')}); queued nothing.\n`);
        return;
      }
      const minutes = Math.ceil((signUps * kitBackfillSpacingMs) / 60_000);
      io.stdout(
        `Queued ${counted} for Kit (${lists.join(', ')})${signUps > 0 ? `; the server sends them one every ${kitBackfillSpacingMs / 1000} s, over about ${minutes} minute${minutes === 1 ? '' : 's'}` : ''}.\n`,
      );
    };
  },
};

function whatToSet(missing: readonly string[]): string {
  const set = 'where the server reads its settings, restart it, then run this again';
  if (missing.includes('KIT_API_KEY')) return `KIT_API_KEY is not set: set it ${set}.`;
  return `${missing.join(', ')} not set: set ${missing.length === 1 ? 'it' : 'them'} ${set}, or choose lists with --list.`;
}
