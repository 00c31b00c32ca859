import { z } from 'zod';
import {
  applicationNoteCommand,
  applicationQuestionsOf,
  applicationShowCommand,
  applicationStatusCommand,
  applicationsListCommand,
  type StatusDeps,
} from '../../../server/features/cohort';
import type { Refused } from '../../../server/features/workshop';
import { outboxForwarding } from '../../../server/outbox/forwarding';
import { providersFromEnv } from '../../../server/providers/from-env';
import { createCheckoutSessions } from '../../../server/providers/stripe-checkout';
import type { Site } from '../../../server/site';
import { applicationsText, applicationText } from '../applications';
import { onServedSite } from '../served';
import {
  type Args,
  type CliIo,
  inputOf,
  type LeadsCommand,
  refuseExtraWords,
  tableFormatSchema,
  UsageError,
  type Work,
} from './command';

/**
 * The cohort's applications (docs/decisions/033-cohort-applications.md) as the room's
 * Applications view has them: the list, one application, its status and a private note, by the
 * same owner commands. The history and the audit log name no owner for what is done here: it
 * came from the server's terminal.
 */
export const applicationsCli: LeadsCommand = {
  name: 'applications',
  usage: `  applications [--status new|shortlisted|accepted|declined|waitlisted] [--page N] [--format table|json]
      The seats of each intake to come (the served content's), and who is next on its
      waitlist while one is free; then the cohort's applications, newest first, 50 a page: id,
      status, name, email, when, intake, source and offer, with how many each status has.
  applications show ID [--format text|json]
      One application: where it came from, its offer, its answers under the served form's
      questions (an answer to a question no longer asked under its id), its history and the
      private notes.
  applications status ID STATUS
      Move an application to new, shortlisted, accepted, declined or waitlisted (an event in
      its history and an entry in the audit log). Accepting makes its offer, as the served
      content says, or is refused when no seat of its intake is left; leaving accepted
      withdraws the offer; a paid application is not moved.
  applications note ID TEXT
      Add a private note (at most 5,000 characters): the owners read it, here and in the room;
      no email, page or log carries it.`,
  options: { status: { type: 'string' }, page: { type: 'string' } },
  parse({ words, options }) {
    const [action = 'list', id, ...rest] = words;
    switch (action) {
      case 'list':
        return list(words, options);
      case 'show':
        refuseExtraWords(words, 2);
        return show(needed(action, id), options);
      case 'status':
        refuseExtraWords(words, 3);
        return status(needed(action, id), rest[0]);
      case 'note':
        refuseExtraWords(words, 3);
        return note(needed(action, id), rest[0]);
      default:
        throw new UsageError('applications needs list, show, status or note.');
    }
  },
};

const needed = (action: string, id: string | undefined): string => {
  if (id === undefined) throw new UsageError(`applications ${action} needs the application's ID.`);
  return id;
};

/** A command's refusal, said as the terminal says a failure. */
function answered<T extends object>(answer: T | Refused): T {
  if ('refused' in answer) throw new Error(answer.refused);
  return answer;
}

function list(words: Args['words'], options: Args['options']): Work {
  refuseExtraWords(words, 1);
  const input = inputOf(
    applicationsListCommand.input,
    { status: options.status, page: options.page },
    { status: '--status', page: '--page' },
  );
  const { format } = inputOf(tableFormatSchema, { format: options.format }, { format: '--format' });
  // The seats are read under the intakes of the content the site serves.
  return (context) =>
    onServedSite(context, async ({ store, site }) => {
      const intakes = site.cohort?.intakes ?? [];
      const answer = await applicationsListCommand.run({ store, intakes, now: context.now }, input);
      context.io.stdout(
        format === 'json' ? `${JSON.stringify(answer, null, 2)}\n` : applicationsText(answer),
      );
    });
}

const showFormatSchema = z.strictObject({
  format: z.enum(['text', 'json'], { error: 'must be text or json.' }).default('text'),
});

function show(id: string, options: Args['options']): Work {
  const input = inputOf(applicationShowCommand.input, { application: id }, { application: 'ID' });
  const { format } = inputOf(showFormatSchema, { format: options.format }, { format: '--format' });
  // The answers are read under the questions of the form the site serves.
  return (context) =>
    onServedSite(context, async ({ store, site }) => {
      const questions = applicationQuestionsOf(site.cohort);
      const { application } = answered(
        await applicationShowCommand.run({ store, questions, now: context.now }, input),
      );
      context.io.stdout(
        format === 'json'
          ? `${JSON.stringify(application, null, 2)}\n`
          : applicationText(application),
      );
    });
}

function status(id: string, to: string | undefined): Work {
  const input = inputOf(
    applicationStatusCommand.input,
    { application: id, status: to },
    { application: 'ID', status: 'STATUS' },
  );
  // A move reads the offer and the seats of the content the site serves, as the room's does.
  return (context) =>
    onServedSite(context, async ({ store, site }) => {
      const offers = offerDeps(context.io, site);
      const deps = { store, now: context.now, ownerId: null, offers };
      const answer = answered(await applicationStatusCommand.run(deps, input));
      context.io.stdout(`${id}: ${answer.from} -> ${answer.status}.\n`);
    });
}

/**
 * What a move needs beyond the store, as the server has it: the cohort served, the cohort's jobs
 * the settings' providers can send, and Stripe to expire a withdrawn offer's checkout with.
 */
function offerDeps(io: CliIo, site: Site): NonNullable<StatusDeps['offers']> {
  const env = io.env();
  // Nothing is sent from here: the providers only say which jobs the server will send.
  const quiet = { info: () => {}, warn: () => {} };
  const providers = providersFromEnv(
    { ...env, KIT_API_URL: env.KIT_API_URL ?? 'https://api.kit.com' },
    quiet,
  );
  const stripe = env.STRIPE_SECRET_KEY
    ? createCheckoutSessions({ secretKey: env.STRIPE_SECRET_KEY, apiUrl: env.STRIPE_API_URL })
    : null;
  return {
    cohort: site.cohort,
    jobs: outboxForwarding(env, providers, []).jobsForCohort(),
    expire: stripe ? stripe.expire.bind(stripe) : null,
    logger: {
      warn: (...args: unknown[]) => {
        const message = args.find((arg) => typeof arg === 'string');
        if (message) io.stderr(`leads: ${message}\n`);
      },
    },
  };
}

function note(id: string, text: string | undefined): Work {
  const input = inputOf(
    applicationNoteCommand.input,
    { application: id, text },
    { application: 'ID', text: 'TEXT' },
  );
  return async ({ io, now, store }) => {
    const deps = { store: await store(), now, ownerId: null };
    answered(await applicationNoteCommand.run(deps, input));
    io.stdout(`Note added to ${id}.\n`);
  };
}
