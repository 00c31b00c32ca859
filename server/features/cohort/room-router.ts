import type { Context } from 'hono';
import type { z } from 'zod';
import { roomApi } from '../../../contracts/room/api';
import type { OwnerCommand } from '../../commands/command';
import { queryOf, type RoomTools, roomApiRouter } from '../room';
import type { Refused } from '../workshop';
import { applicationShowCommand, applicationsListCommand } from './commands/applications';
import {
  applicationNoteCommand,
  applicationStatusCommand,
  type ReviewDeps,
} from './commands/review';
import type { ApplicationQuestion } from './owner-data';

/** What the cohort's part of the room reads of the app: the form the site serves now. */
export interface CohortRoomDeps {
  /** The served content's questions, read at each call: a publish may change them. */
  questions: () => readonly ApplicationQuestion[];
}

/** A command's refusal as the room's answer: its words, and 404 or 409. */
const refusal = (c: Context, refused: Refused) =>
  c.json({ error: refused.refused }, refused.status);

/**
 * The room's Applications view's API (contracts/room/cohort.ts), behind the room's session
 * check, each call through the same owner command as `npm run leads -- applications`:
 *
 *   GET  applications?status=&page=      the list, newest first, with each status's count
 *   GET  applications/show?application=  one: its answers, history and private notes
 *   POST applications/status             its status changed (an event and an audit entry)
 *   POST applications/note               a private note added
 */
export function cohortRoomRouter({
  store,
  bodyOf,
  clock,
  questions,
}: Pick<RoomTools, 'store' | 'bodyOf' | 'clock'> & CohortRoomDeps) {
  const app = roomApiRouter();

  app.get(roomApi.applications, async (c) => {
    const query = queryOf(c, applicationsListCommand.input);
    if ('answer' in query) return query.answer;
    return c.json(await applicationsListCommand.run({ store }, query.data));
  });

  app.get(roomApi.applicationsShow, async (c) => {
    const query = queryOf(c, applicationShowCommand.input);
    if ('answer' in query) return query.answer;
    const answer = await applicationShowCommand.run({ store, questions: questions() }, query.data);
    return 'refused' in answer ? refusal(c, answer) : c.json(answer);
  });

  /** An action of the review: its body checked, its command run, its refusal said. */
  const act = <Input extends z.ZodType, Answer extends object>(
    path: string,
    command: OwnerCommand<Input, ReviewDeps, Answer | Refused>,
  ) =>
    app.post(path, async (c) => {
      const body = await bodyOf(c, command.input);
      if ('answer' in body) return body.answer;
      const deps = { store, now: new Date(clock()), ownerId: c.var.session.id };
      const answer = await command.run(deps, body.data);
      return 'refused' in answer ? refusal(c, answer) : c.json(answer);
    });
  act(roomApi.applicationsStatus, applicationStatusCommand);
  act(roomApi.applicationsNote, applicationNoteCommand);

  return app;
}
