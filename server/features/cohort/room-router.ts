import type { Context } from 'hono';
import type { z } from 'zod';
import { roomApi } from '../../../contracts/room/api';
import type { OwnerCommand } from '../../commands/command';
import type { OutboxJobKind } from '../../db/schema';
import { queryOf, type RoomTools, roomApiRouter } from '../room';
import type { Refused } from '../workshop';
import { applicationShowCommand, applicationsListCommand } from './commands/applications';
import {
  applicationNoteCommand,
  applicationStatusCommand,
  type StatusDeps,
} from './commands/review';
import type { ServedCohort } from './offer-moves';
import type { ApplicationQuestion } from './owner-data';

/** What the cohort's part of the room reads of the app: the form the site serves now. */
export interface CohortRoomDeps {
  /** The served content's questions, read at each call: a publish may change them. */
  questions: () => readonly ApplicationQuestion[];
  /** The served cohort's intakes and offer, which a move and the list's seats read at their moment. */
  cohort: () => ServedCohort | null;
  /** The cohort's jobs that are on, which a move queues. */
  jobs: () => readonly OutboxJobKind[];
  /** Ends a withdrawn offer's Checkout Session at Stripe; none without a Stripe key. */
  expire: ((checkoutSession: string) => Promise<void>) | null;
}

/** A command's refusal as the room's answer: its words, and 404 or 409. */
const refusal = (c: Context, refused: Refused) =>
  c.json({ error: refused.refused }, refused.status);

/**
 * The room's Applications view's API (contracts/room/cohort.ts), behind the room's session
 * check, each call through the same owner command as `npm run leads -- applications`:
 *
 *   GET  applications?status=&page=      the list, newest first, with each status's count, each
 *                                        one's offer, and the seats of the intakes to come
 *   GET  applications/show?application=  one: its answers, offer, history and private notes
 *   POST applications/status             its status changed (an event and an audit entry)
 *   POST applications/note               a private note added
 */
export function cohortRoomRouter({
  store,
  logger,
  bodyOf,
  clock,
  questions,
  cohort,
  jobs,
  expire,
}: Pick<RoomTools, 'store' | 'logger' | 'bodyOf' | 'clock'> & CohortRoomDeps) {
  const app = roomApiRouter();

  app.get(roomApi.applications, async (c) => {
    const query = queryOf(c, applicationsListCommand.input);
    if ('answer' in query) return query.answer;
    const deps = { store, intakes: cohort()?.intakes ?? [], now: new Date(clock()) };
    return c.json(await applicationsListCommand.run(deps, query.data));
  });

  app.get(roomApi.applicationsShow, async (c) => {
    const query = queryOf(c, applicationShowCommand.input);
    if ('answer' in query) return query.answer;
    const deps = { store, questions: questions(), now: new Date(clock()) };
    const answer = await applicationShowCommand.run(deps, query.data);
    return 'refused' in answer ? refusal(c, answer) : c.json(answer);
  });

  /** An action of the review: its body checked, its command run, its refusal said. */
  const act = <Input extends z.ZodType, Answer extends object>(
    path: string,
    command: OwnerCommand<Input, StatusDeps, Answer | Refused>,
  ) =>
    app.post(path, async (c) => {
      const body = await bodyOf(c, command.input);
      if ('answer' in body) return body.answer;
      const offers = { cohort: cohort(), jobs: jobs(), expire, logger };
      const deps = { store, now: new Date(clock()), ownerId: c.var.session.id, offers };
      const answer = await command.run(deps, body.data);
      return 'refused' in answer ? refusal(c, answer) : c.json(answer);
    });
  act(roomApi.applicationsStatus, applicationStatusCommand);
  act(roomApi.applicationsNote, applicationNoteCommand);

  return app;
}
