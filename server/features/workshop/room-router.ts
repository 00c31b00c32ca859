import type { Context } from 'hono';
import type { z } from 'zod';
import { utcDay } from '../../../contracts/funnel-figures';
import { roomApi } from '../../../contracts/room/api';
import type { OwnerCommand } from '../../commands/command';
import { audit, queryOf, type RoomTools, roomApiRouter } from '../room';
import { attendeesCsv, workshopAttendeesCommand, workshopHoldsCommand } from './commands/attendees';
import {
  type ActionDeps,
  workshopCancelCommand,
  workshopReplayCommand,
  workshopResendCommand,
} from './commands/emails';
import { workshopLinksCommand } from './commands/links';
import { workshopConfirmCommand } from './commands/review';
import { type Refused, workshopSessionsCommand } from './commands/sessions';
import type { JobsForAttendee } from './fulfil';
import type { PublishedSession } from './owner-data';

/** What the workshop's part of the room reads of the app: the sessions it sells, its checkout. */
export interface WorkshopRoomDeps {
  /** The published content's sessions, as the site serves them now. */
  published: () => readonly PublishedSession[];
  /** Whether the checkout holds seats (a Stripe secret key is set), or is the Payment Links'. */
  seatsEnforced: boolean;
  /** Whether the checkout tells buyers apart for its caps (server/plain-http-watch.ts), now. */
  buyersApart: () => boolean;
  /** The attendees' jobs the server sends: a confirmed attendee gets them (fulfil.ts). */
  jobsForAttendee: JobsForAttendee;
}

/** A command's refusal as the room's answer: its words, and 404 or 409. */
const refusal = (c: Context, refused: Refused) =>
  c.json({ error: refused.refused }, refused.status);

/**
 * The room's Workshop view's API (contracts/room/workshop.ts), behind the room's session check,
 * each call through the same owner command as `npm run leads -- workshop`:
 *
 *   GET  workshop                     each session: seats, revenue, links
 *   GET  workshop/attendees?session=  its attendees, their emails and payments
 *   GET  workshop/attendees.csv?…     the same as a file (logged, as every export)
 *   GET  workshop/holds?session=      its open holds, by client hash
 *   PUT  workshop/links               its joining and replay links
 *   POST workshop/resend              an attendee's confirmation again
 *   POST workshop/confirm             an attendee held for review confirmed
 *   POST workshop/cancel              the session cancelled, each attendee told
 *   POST workshop/replay              the replay to each attendee, once
 */
export function workshopRoomRouter({
  store,
  bodyOf,
  clock,
  published,
  seatsEnforced,
  buyersApart,
  jobsForAttendee,
}: Pick<RoomTools, 'store' | 'bodyOf' | 'clock'> & WorkshopRoomDeps) {
  const app = roomApiRouter();
  const deps = () => ({ store, published: published(), now: new Date(clock()) });

  app.get(roomApi.workshop, async (c) =>
    c.json(
      await workshopSessionsCommand.run(
        { ...deps(), seatsEnforced, buyersApart: buyersApart() },
        {},
      ),
    ),
  );

  app.get(roomApi.workshopAttendees, async (c) => {
    const query = queryOf(c, workshopAttendeesCommand.input);
    if ('answer' in query) return query.answer;
    const answer = await workshopAttendeesCommand.run(deps(), query.data);
    return 'refused' in answer ? refusal(c, answer) : c.json(answer);
  });

  app.get(roomApi.workshopAttendeesCsv, async (c) => {
    const query = queryOf(c, workshopAttendeesCommand.input);
    if ('answer' in query) return query.answer;
    const { now, ...rest } = deps();
    const answer = await workshopAttendeesCommand.run(rest, query.data);
    if ('refused' in answer) return refusal(c, answer);
    await audit(
      store,
      c.var.session.id,
      'export',
      { attendees: answer.session, rows: answer.attendees.length },
      now.getTime(),
    );
    return c.body(attendeesCsv(answer), 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="attendees-${answer.session}-${utcDay(now)}.csv"`,
    });
  });

  app.get(roomApi.workshopHolds, async (c) => {
    const query = queryOf(c, workshopHoldsCommand.input);
    if ('answer' in query) return query.answer;
    const answer = await workshopHoldsCommand.run(deps(), query.data);
    return 'refused' in answer ? refusal(c, answer) : c.json(answer);
  });

  app.put(roomApi.workshopLinks, async (c) => {
    const body = await bodyOf(c, workshopLinksCommand.input);
    if ('answer' in body) return body.answer;
    const answer = await workshopLinksCommand.run(
      { ...deps(), ownerId: c.var.session.id },
      body.data,
    );
    return 'refused' in answer ? refusal(c, answer) : c.json(answer);
  });

  /** An action on the attendees: its body checked, its command run, its refusal said. */
  const act = <Input extends z.ZodType>(
    path: string,
    command: OwnerCommand<Input, ActionDeps, { queued: number } | Refused>,
  ) =>
    app.post(path, async (c) => {
      const body = await bodyOf(c, command.input);
      if ('answer' in body) return body.answer;
      const answer = await command.run({ ...deps(), ownerId: c.var.session.id }, body.data);
      return 'refused' in answer ? refusal(c, answer) : c.json(answer);
    });
  act(roomApi.workshopResend, workshopResendCommand);
  act(roomApi.workshopCancel, workshopCancelCommand);
  act(roomApi.workshopReplay, workshopReplayCommand);

  app.post(roomApi.workshopConfirm, async (c) => {
    const body = await bodyOf(c, workshopConfirmCommand.input);
    if ('answer' in body) return body.answer;
    const answer = await workshopConfirmCommand.run(
      { ...deps(), ownerId: c.var.session.id, jobsForAttendee },
      body.data,
    );
    return 'refused' in answer ? refusal(c, answer) : c.json(answer);
  });

  return app;
}
