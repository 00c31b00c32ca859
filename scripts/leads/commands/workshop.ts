import { z } from 'zod';
import type { Store } from '../../../server/db/store';
import {
  attendeesCsv,
  type PublishedSession,
  publishedSessions,
  type Refused,
  workshopAttendeesCommand,
  workshopCancelCommand,
  workshopConfirmCommand,
  workshopHoldsCommand,
  workshopLinksCommand,
  workshopReplayCommand,
  workshopResendCommand,
  workshopSessionsCommand,
} from '../../../server/features/workshop';
import { outboxForwarding } from '../../../server/outbox/forwarding';
import { proxyBelieved } from '../../../server/plain-http-watch';
import { providersFromEnv } from '../../../server/providers/from-env';
import { onServedSite } from '../served';
import { attendeesText, holdsText, sessionsText } from '../workshop';
import {
  type Args,
  type CommandContext,
  inputOf,
  type LeadsCommand,
  refuseExtraWords,
  tableFormatSchema,
  UsageError,
  type Work,
} from './command';

/**
 * The workshop (docs/decisions/032-workshop-delivered.md) as the room's Workshop view has it:
 * the sessions, a session's attendees and holds, its links, and what the owner sends the
 * attendees, by the same owner commands. The audit log names no owner for what is done here: it
 * came from the server's terminal.
 */
export const workshopCli: LeadsCommand = {
  name: 'workshop',
  usage: `  workshop [sessions] [--format table|json]
      Each session the site sells or sold: seats sold, held by open checkouts and left, refunds,
      revenue net of refunds, payments that differ from the price, and whether it is cancelled
      and its joining and replay links are entered (the links themselves only with json).
  workshop attendees SESSION [--format table|csv|json]
      SESSION's attendees (its name in the content, such as december-2026): name, email, source,
      variant, paid, refunded, the emails they were sent, and their payment in Stripe's
      dashboard, where a refund is made.
  workshop holds SESSION [--format table|json]
      The seats of SESSION held by checkouts still open, by client (a hash, never an address).
  workshop links SESSION [--joining URL] [--replay URL]
      Enter SESSION's private joining link or replay link (https only; "" clears one). The
      attendees' emails carry them; no page, build or log does.
  workshop resend ATTENDEE
      Send ATTENDEE's confirmation and calendar invite again (ATTENDEE: the cs_… id the
      attendees list shows).
  workshop confirm ATTENDEE
      Confirm ATTENDEE, whose payment was held for your review (another Payment Link, price or
      currency, or a stale reference): their seat is taken and they are sent the confirmation
      with the joining link, and the reminders. Refund the payment in Stripe instead to refuse it.
  workshop cancel SESSION
      Cancel SESSION: the site stops selling it and every attendee is emailed, once. Refund each
      payment in Stripe's dashboard; each refund then frees its seat.
  workshop replay SESSION
      Email the replay link to every attendee of SESSION, once, after it has started.`,
  options: { format: { type: 'string' }, joining: { type: 'string' }, replay: { type: 'string' } },
  parse({ words, options }) {
    const [action = 'sessions', session] = words;
    if (action === 'sessions') return sessions(words, options);
    refuseExtraWords(words, 2);
    if (session === undefined) throw new UsageError(`workshop ${action} needs ${nameOf(action)}.`);
    switch (action) {
      case 'attendees':
        return attendees(session, options);
      case 'holds':
        return holds(session, options);
      case 'links':
        return links(session, options);
      case 'resend':
        return resend(session);
      case 'confirm':
        return confirm(session);
      case 'cancel':
      case 'replay':
        return act(action, session);
      default:
        throw new UsageError(
          'workshop needs sessions, attendees, holds, links, resend, confirm, cancel or replay.',
        );
    }
  },
};

const nameOf = (action: string) =>
  action === 'resend' || action === 'confirm' ? 'the ATTENDEE' : 'the SESSION';

/** The workshop's commands' dependencies on the site as a running server serves it. */
function onWorkshop<T>(
  context: CommandContext,
  work: (deps: { store: Store; published: PublishedSession[]; now: Date }) => Promise<T>,
): Promise<T> {
  return onServedSite(context, ({ store, site }) =>
    work({ store, published: publishedSessions(site.workshop), now: context.now }),
  );
}

/** A command's refusal, said as the terminal says a failure. */
function answered<T extends object>(answer: T | Refused): T {
  if ('refused' in answer) throw new Error(answer.refused);
  return answer;
}

const print = <T>(format: 'table' | 'json', answer: T, table: (answer: T) => string) =>
  format === 'json' ? `${JSON.stringify(answer, null, 2)}\n` : table(answer);

function sessions(words: Args['words'], options: Args['options']): Work {
  refuseExtraWords(words, 1);
  const { format } = inputOf(tableFormatSchema, { format: options.format }, { format: '--format' });
  return (context) =>
    onWorkshop(context, async (deps) => {
      const env = context.io.env();
      const answer = await workshopSessionsCommand.run(
        { ...deps, seatsEnforced: Boolean(env.STRIPE_SECRET_KEY), buyersApart: proxyBelieved(env) },
        {},
      );
      context.io.stdout(print(format, answer, sessionsText));
    });
}

const attendeeFormatSchema = z.strictObject({
  format: z
    .enum(['table', 'csv', 'json'], { error: 'must be table, csv or json.' })
    .default('table'),
});

function attendees(session: string, options: Args['options']): Work {
  const input = inputOf(workshopAttendeesCommand.input, { session }, { session: 'SESSION' });
  const { format } = inputOf(
    attendeeFormatSchema,
    { format: options.format },
    { format: '--format' },
  );
  return (context) =>
    onWorkshop(context, async (deps) => {
      const answer = answered(await workshopAttendeesCommand.run(deps, input));
      context.io.stdout(
        format === 'csv' ? attendeesCsv(answer) : print(format, answer, attendeesText),
      );
    });
}

function holds(session: string, options: Args['options']): Work {
  const input = inputOf(workshopHoldsCommand.input, { session }, { session: 'SESSION' });
  const { format } = inputOf(tableFormatSchema, { format: options.format }, { format: '--format' });
  return (context) =>
    onWorkshop(context, async (deps) => {
      const answer = answered(await workshopHoldsCommand.run(deps, input));
      context.io.stdout(print(format, answer, holdsText));
    });
}

function links(session: string, options: Args['options']): Work {
  const input = inputOf(
    workshopLinksCommand.input,
    { session, joining: options.joining, replay: options.replay },
    { session: 'SESSION', joining: '--joining', replay: '--replay' },
  );
  return (context) =>
    onWorkshop(context, async (deps) => {
      const answer = answered(await workshopLinksCommand.run({ ...deps, ownerId: null }, input));
      const said = (link: string | null) => (link ? 'entered' : 'not entered');
      context.io.stdout(
        `${answer.session}: joining link ${said(answer.joiningLink)}, replay link ${said(answer.replayLink)}.\n`,
      );
    });
}

function resend(attendee: string): Work {
  const input = inputOf(workshopResendCommand.input, { attendee }, { attendee: 'ATTENDEE' });
  return async ({ io, now, store }) => {
    const deps = { store: await store(), published: [], now, ownerId: null };
    answered(await workshopResendCommand.run(deps, input));
    io.stdout(`The confirmation of ${attendee} is on its way again.\n`);
  };
}

function confirm(attendee: string): Work {
  const input = inputOf(workshopConfirmCommand.input, { attendee }, { attendee: 'ATTENDEE' });
  return async ({ io, now, store }) => {
    const env = io.env();
    // Nothing is sent from here: the providers only say which jobs the server will send.
    const quiet = { info: () => {}, warn: () => {} };
    const providers = providersFromEnv(
      { ...env, KIT_API_URL: env.KIT_API_URL ?? 'https://api.kit.com' },
      quiet,
    );
    const jobs = outboxForwarding(env, providers, []).jobsForAttendee();
    const deps = { store: await store(), published: [], now, ownerId: null };
    const { queued } = answered(
      await workshopConfirmCommand.run({ ...deps, jobsForAttendee: () => jobs }, input),
    );
    io.stdout(`${attendee} is confirmed; ${queued} job(s) queued (its emails and Kit's).\n`);
  };
}

function act(action: 'cancel' | 'replay', session: string): Work {
  const command = action === 'cancel' ? workshopCancelCommand : workshopReplayCommand;
  const input = inputOf(command.input, { session }, { session: 'SESSION' });
  return (context) =>
    onWorkshop(context, async (deps) => {
      const { queued } = answered(await command.run({ ...deps, ownerId: null }, input));
      context.io.stdout(
        action === 'cancel'
          ? `${session} is cancelled; ${queued} attendee(s) will be emailed. Refund each payment in Stripe's dashboard (npm run leads -- workshop attendees ${session}).\n`
          : `The replay of ${session} will be emailed to ${queued} attendee(s).\n`,
      );
    });
}
