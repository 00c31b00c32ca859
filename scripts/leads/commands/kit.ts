import {
  KitNotConfiguredError,
  kitBackfillCommand,
} from '../../../server/features/leads/commands/kit-backfill';
import { kitBackfillSpacingMs } from '../../../server/features/leads/kit-backfill';
import { kitEventTypes } from '../../../server/features/leads/kit-events';
import { createKitWebhookEndpoint } from '../../../server/providers/kit-webhook-endpoints';
import {
  type Args,
  inputOf,
  type LeadsCommand,
  refuseExtraWords,
  UsageError,
  type Work,
} from './command';

export const kitCli: LeadsCommand = {
  name: 'kit',
  usage: `  kit backfill [--list newsletter|waitlist|handbook] [--since WHEN] [--dry-run]
      Queue a Kit sign-up for every subscriber who never had one (stored while Kit was not
      configured). The server sends them, one every 1.5 s. Needs KIT_API_KEY and each list's
      KIT_FORM_ID_*. --dry-run prints how many it would queue, and queues nothing.
  kit webhooks install [--url URL]
      Make Kit's webhook endpoint for confirmations, unsubscribes, bounces and complaints,
      pointing at SITE_URL/api/kit/webhook (or --url), and print its signing secret for
      KIT_WEBHOOK_SECRET. Needs KIT_API_KEY. Run it once; Kit shows the secret only then.`,
  options: {
    list: { type: 'string' },
    since: { type: 'string' },
    'dry-run': { type: 'boolean' },
    url: { type: 'string' },
  },
  parse({ words, options }) {
    if (words[0] === 'webhooks') return webhooksInstall(words, options);
    refuseExtraWords(words, 1);
    if (words[0] !== 'backfill')
      throw new UsageError('kit needs "backfill" or "webhooks install".');
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

/** `kit webhooks install`: Kit's endpoint for the events the server acts on (decision 021). */
function webhooksInstall(words: readonly string[], options: Args['options']): Work {
  refuseExtraWords(words, 2);
  if (words[1] !== 'install') throw new UsageError('kit webhooks needs "install".');
  const given = options.url;
  if (given !== undefined && (typeof given !== 'string' || !URL.canParse(given))) {
    throw new UsageError('--url needs a full address such as https://example.com/api/kit/webhook');
  }
  return async ({ io }) => {
    const env = io.env();
    if (!env.KIT_API_KEY) {
      throw new Error(
        'KIT_API_KEY is not set: set it where the server reads its settings, then run this again.',
      );
    }
    const url = typeof given === 'string' ? given : new URL(webhookPath, env.SITE_URL).href;
    const endpoint = await createKitWebhookEndpoint({
      apiKey: env.KIT_API_KEY,
      baseUrl: env.KIT_API_URL ?? 'https://api.kit.com',
      url,
    });
    io.stdout(
      [
        `Made Kit webhook endpoint ${endpoint.id} for ${url}`,
        `  events: ${kitEventTypes.join(', ')}`,
        '',
        'Its signing secret, which Kit shows only this once. Set it where the server reads its',
        'settings (the .env file or the service environment), then restart the server:',
        '',
        `KIT_WEBHOOK_SECRET=${endpoint.secret}`,
        '',
      ].join('\n'),
    );
  };
}

/** Where the server takes Kit's deliveries (server/features/leads/kit-webhook.ts). */
const webhookPath = '/api/kit/webhook';

function whatToSet(missing: readonly string[]): string {
  const set = 'where the server reads its settings, restart it, then run this again';
  if (missing.includes('KIT_API_KEY')) return `KIT_API_KEY is not set: set it ${set}.`;
  return `${missing.join(', ')} not set: set ${missing.length === 1 ? 'it' : 'them'} ${set}, or choose lists with --list.`;
}
