import { sql, type Transaction } from 'kysely';
import type { Database, WorkshopSessionTable } from '../../db/schema';
import type { Store } from '../../db/store';

/**
 * The workshop's sessions as the database knows them (docs/decisions/032-workshop-delivered.md):
 * the one writer of workshop_sessions. The content names each session by an id that a new start
 * keeps; this row holds what the content must not (the private links), what it cannot (the
 * invites' sequence, a cancellation) and the lock a hold takes first.
 */

export type WorkshopSessionRow = WorkshopSessionTable;

/** A session of the content, as far as this table follows it. */
export interface ContentSession {
  id: string;
  start: string;
}

/** A start as the rows keep it: the ISO instant, however the content wrote it (+00:00, Z). */
const instant = (start: string) => new Date(start).toISOString();

/**
 * The session's row, made at its content start with sequence 0 unless it has one: true when this
 * call made it. Every row is made here, so every start is kept the same way, and a publish of the
 * same content never reads a start written differently as a move.
 */
async function insertSession(
  trx: Transaction<Database>,
  session: ContentSession,
  now: string,
): Promise<boolean> {
  const row = await trx
    .insertInto('workshop_sessions')
    .values({
      id: session.id,
      start: instant(session.start),
      sequence: 0,
      updated_at: now,
      holds_made: 0,
    })
    .onConflict((conflict) => conflict.column('id').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Makes sure the session has its row (first seen: at its content start, sequence 0), then locks
 * it for the rest of the transaction: on PostgreSQL the update holds the row until commit, so
 * holds of one session, from any instance, count its seats one after another; SQLite has one
 * writer at a time. Answers the row as locked.
 */
export async function lockSession(
  trx: Transaction<Database>,
  session: ContentSession,
  now: string,
): Promise<WorkshopSessionRow> {
  await insertSession(trx, session, now);
  return trx
    .updateTable('workshop_sessions')
    .set({ holds_made: sql<number>`holds_made + 1` })
    .where('id', '=', session.id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * The session's row, made first if need be (at its content start), without the lock: for an
 * attendee whose payment came without a hold (a Payment Link's), whose row no hold made.
 */
export async function ensureSession(
  trx: Transaction<Database>,
  session: ContentSession,
  now: string,
): Promise<WorkshopSessionRow> {
  await insertSession(trx, session, now);
  return trx
    .selectFrom('workshop_sessions')
    .selectAll()
    .where('id', '=', session.id)
    .executeTakeFirstOrThrow();
}

/** A session whose start the content moved: its new start and the invites' raised sequence. */
export interface MovedSession {
  id: string;
  from: string;
  to: string;
  sequence: number;
}

/**
 * Brings the rows in step with the content's sessions: a new id gets its row, a moved start is
 * recorded and raises the sequence (once per move, however often this runs). Answers the moves,
 * for the attendees' updated invites, in the same transaction.
 */
export async function followSessions(
  trx: Transaction<Database>,
  sessions: readonly ContentSession[],
  now: string,
): Promise<MovedSession[]> {
  const moved: MovedSession[] = [];
  for (const session of sessions) {
    const start = instant(session.start);
    if (await insertSession(trx, session, now)) continue;
    const before = await trx
      .selectFrom('workshop_sessions')
      .select('start')
      .where('id', '=', session.id)
      .executeTakeFirstOrThrow();
    if (before.start === start) continue;
    const changed = await trx
      .updateTable('workshop_sessions')
      .set({ start, sequence: sql<number>`sequence + 1`, updated_at: now })
      .where('id', '=', session.id)
      .where('start', '=', before.start)
      .returning(['sequence'])
      .executeTakeFirst();
    if (changed)
      moved.push({ id: session.id, from: before.start, to: start, sequence: changed.sequence });
  }
  return moved;
}

/** The private links the owner enters in the room: null clears one. */
export async function setSessionLinks(
  store: Store,
  id: string,
  links: { joining?: string | null; replay?: string | null },
  now: string,
): Promise<WorkshopSessionRow | undefined> {
  return store.write((trx) =>
    trx
      .updateTable('workshop_sessions')
      .set({
        ...(links.joining !== undefined && { joining_link: links.joining }),
        ...(links.replay !== undefined && { replay_link: links.replay }),
        updated_at: now,
      })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst(),
  );
}

/** Cancels a session once: true the first time, when the attendees are to be told. */
export function cancelSession(
  trx: Transaction<Database>,
  id: string,
  now: string,
): Promise<boolean> {
  return markOnce(trx, id, 'cancelled_at', now);
}

/** Marks the replay emails queued, once: true the first time. */
export function markReplayQueued(
  trx: Transaction<Database>,
  id: string,
  now: string,
): Promise<boolean> {
  return markOnce(trx, id, 'replay_queued_at', now);
}

/** Sets a moment of the session that happens once: true when this call set it. */
async function markOnce(
  trx: Transaction<Database>,
  id: string,
  moment: 'cancelled_at' | 'replay_queued_at',
  now: string,
): Promise<boolean> {
  const row = await trx
    .updateTable('workshop_sessions')
    .set({ [moment]: now, updated_at: now })
    .where('id', '=', id)
    .where(moment, 'is', null)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Every session row, or one. */
export function sessionRows(store: Pick<Store, 'db'>): Promise<WorkshopSessionRow[]> {
  return store.db.selectFrom('workshop_sessions').selectAll().orderBy('start').execute();
}

export function sessionRow(
  store: Pick<Store, 'db'> | { db: Transaction<Database> },
  id: string,
): Promise<WorkshopSessionRow | undefined> {
  return store.db
    .selectFrom('workshop_sessions')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
}
