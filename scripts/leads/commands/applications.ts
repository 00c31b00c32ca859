import { z } from 'zod';
import {
  applicationNoteCommand,
  applicationQuestionsOf,
  applicationShowCommand,
  applicationStatusCommand,
  applicationsListCommand,
} from '../../../server/features/cohort';
import type { Refused } from '../../../server/features/workshop';
import { applicationsText, applicationText } from '../applications';
import { onServedSite } from '../served';
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
 * The cohort's applications (docs/decisions/033-cohort-applications.md) as the room's
 * Applications view has them: the list, one application, its status and a private note, by the
 * same owner commands. The history and the audit log name no owner for what is done here: it
 * came from the server's terminal.
 */
export const applicationsCli: LeadsCommand = {
  name: 'applications',
  usage: `  applications [--status new|shortlisted|accepted|declined|waitlisted] [--page N] [--format table|json]
      The cohort's applications, newest first, 50 a page: id, status, name, email, when,
      intake and source, with how many each status has.
  applications show ID [--format text|json]
      One application: where it came from, its answers under the served form's questions (an
      answer to a question no longer asked under its id), its history and the private notes.
  applications status ID STATUS
      Move an application to new, shortlisted, accepted, declined or waitlisted (an event in
      its history and an entry in the audit log).
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
  return async ({ io, store }) => {
    const answer = await applicationsListCommand.run({ store: await store() }, input);
    io.stdout(
      format === 'json' ? `${JSON.stringify(answer, null, 2)}\n` : applicationsText(answer),
    );
  };
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
        await applicationShowCommand.run({ store, questions }, input),
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
  return async ({ io, now, store }) => {
    const deps = { store: await store(), now, ownerId: null };
    const answer = answered(await applicationStatusCommand.run(deps, input));
    io.stdout(`${id}: ${answer.from} -> ${answer.status}.\n`);
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
