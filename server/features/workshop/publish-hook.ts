import { readFile } from 'node:fs/promises';
import type { Transaction } from 'kysely';
import { type WorkshopSlice, workshopSlice } from '../../../contracts/render-slices/workshop';
import type { Database } from '../../db/schema';
import type { Store } from '../../db/store';
import type { PublishHook } from '../room';
import { tellMovedSessions } from './queue-emails';
import { followSessions } from './sessions';

/**
 * What a publish does for the workshop (docs/decisions/032-workshop-delivered.md): the sessions
 * of the version follow into the database in the transaction that records it, and each session
 * whose start moved tells its attendees (an email and the updated invite) and moves their
 * reminders, so a version is never live without them. Nothing is held back for the owner.
 */
export function workshopPublishHook(): PublishHook {
  return {
    async starts(renderInput) {
      const workshop = workshopSlice.parse(JSON.parse(await readFile(renderInput, 'utf8')));
      return async (trx, { now }) => {
        await followServed(trx, workshop, new Date(now).toISOString());
        return [];
      };
    },
  };
}

/**
 * At start, while the build's own content is the site's (the owner has never published from the
 * room; once they have, only a publish moves a session, or an instance serving an older build
 * for a moment would move it back): a deploy that moved a session's start tells its attendees as
 * a publish would. Every instance may run it: a move is followed once. Answers how many
 * attendees were told.
 */
export function followBuildSessions(
  store: Store,
  workshop: WorkshopSlice | null,
  now: number,
): Promise<number> {
  return store.write((trx) => followServed(trx, workshop, new Date(now).toISOString()));
}

async function followServed(
  trx: Transaction<Database>,
  workshop: WorkshopSlice | null,
  now: string,
): Promise<number> {
  // A render made before the workshop was delivered has no sessions to follow.
  if (!workshop) return 0;
  const moved = await followSessions(
    trx,
    [...workshop.sessions.values()].map(({ id, start }) => ({ id, start })),
    now,
  );
  return tellMovedSessions(trx, moved, now);
}
