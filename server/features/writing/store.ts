import type { Transaction } from 'kysely';
import { callOffWaitingJobs, enqueueInPlaceOfFailed, moveWaitingJobs } from '../../db/outbox';
import type { Database, PostBroadcastTable } from '../../db/schema';
import { isoAt, type Store } from '../../db/store';
import type { Newsletter } from './broadcast';

/**
 * The posts' newsletters as broadcasts in Kit (docs/decisions/028-writing.md), one row per post:
 * a publish queues each post marked "newsletter" in the same transaction that records the
 * version, and the outbox makes it in Kit once (server/outbox/forwarding.ts).
 */

export type PostBroadcast = PostBroadcastTable;

/**
 * How long before the post's time its broadcast is made: late enough that edits published until
 * then are in the email, early enough that Kit holds a scheduled one before it is due.
 */
export const broadcastLeadMs = 10 * 60_000;

/**
 * A post dated before the publish: its newsletter is made only if the owner confirms it in the
 * room, since a post that is not new news (an old post marked by mistake, an archive brought in)
 * would otherwise go to every subscriber within a minute of Publish.
 */
export const datePassed = (newsletter: Pick<Newsletter, 'date'>, now: number): boolean =>
  Date.parse(newsletter.date) <= now;

/** When the outbox makes a newsletter's broadcast: shortly before the post's time, or now. */
const dueAt = (newsletter: Pick<Newsletter, 'date'>, now: number) =>
  isoAt(Math.max(now, Date.parse(newsletter.date) - broadcastLeadMs));

const payload = (newsletter: Newsletter, now: number) => ({
  subject: newsletter.subject,
  preview_text: newsletter.previewText,
  html: newsletter.html,
  post_date: new Date(newsletter.date).toISOString(),
  broadcast: newsletter.broadcast,
  updated_at: isoAt(now),
});

/**
 * The newsletter's job, due shortly before the post's time (or now). One given up on before the
 * post was called off is done with: this one takes its place.
 */
const queueJob = (trx: Transaction<Database>, newsletter: Newsletter, now: number) =>
  enqueueInPlaceOfFailed(trx, {
    kind: 'kit-broadcast',
    leadId: newsletter.id,
    now: isoAt(now),
    dueAt: dueAt(newsletter, now),
  });

/**
 * What a publish does to the broadcasts, inside its transaction:
 * - a post newly marked "newsletter" gets its row and its job (or, with Kit not set up, a row that
 *   says no email was made), unless its date has passed and the owner did not confirm it
 *   (`confirmed`, the posts' ids): then it gets nothing, and is answered, for the owner to hear;
 * - one still waiting takes the words and time just published;
 * - one waiting whose post is gone or unmarked is called off;
 * - one already made in Kit is left alone: Kit holds it now, and a second would be a second email.
 * The row's key (the post's id, which a rename keeps) is what keeps it to one, however often and
 * however many instances publish.
 */
export async function queueBroadcasts(
  trx: Transaction<Database>,
  newsletters: readonly Newsletter[],
  { kit, now, confirmed = [] }: { kit: boolean; now: number; confirmed?: readonly string[] },
): Promise<{ held: Newsletter[] }> {
  const held: Newsletter[] = [];
  const rows = new Map(
    (await trx.selectFrom('post_broadcasts').selectAll().execute()).map((row) => [
      row.post_id,
      row,
    ]),
  );
  for (const newsletter of newsletters) {
    const row = rows.get(newsletter.id);
    if (!row || row.state === 'called-off') {
      if (kit && datePassed(newsletter, now) && !confirmed.includes(newsletter.id)) {
        held.push(newsletter);
        continue;
      }
      const state = kit ? 'waiting' : 'no-kit';
      const fresh = {
        ...payload(newsletter, now),
        state,
        kit_id: null,
        send_at: null,
        made_at: null,
      } as const;
      const inserted = row
        ? await trx
            .updateTable('post_broadcasts')
            .set(fresh)
            .where('post_id', '=', newsletter.id)
            .where('state', '=', 'called-off')
            .executeTakeFirst()
            .then((result) => Number(result.numUpdatedRows))
        : await trx
            .insertInto('post_broadcasts')
            .values({ post_id: newsletter.id, ...fresh })
            .onConflict((conflict) => conflict.column('post_id').doNothing())
            .executeTakeFirst()
            .then((result) => Number(result.numInsertedOrUpdatedRows ?? 0n));
      if (inserted === 1 && kit) await queueJob(trx, newsletter, now);
    } else if (row.state === 'waiting') {
      await trx
        .updateTable('post_broadcasts')
        .set(payload(newsletter, now))
        .where('post_id', '=', newsletter.id)
        .where('state', '=', 'waiting')
        .execute();
      // A job a worker holds right now keeps its time; it reads the row as it sends.
      await moveWaitingJobs(trx, 'kit-broadcast', newsletter.id, dueAt(newsletter, now));
    }
  }
  const marked = new Set(newsletters.map((newsletter) => newsletter.id));
  const calledOff = [...rows.values()]
    .filter((row) => row.state === 'waiting' && !marked.has(row.post_id))
    .map((row) => row.post_id);
  if (calledOff.length === 0) return { held };
  await trx
    .updateTable('post_broadcasts')
    .set({ state: 'called-off', updated_at: isoAt(now) })
    .where('post_id', 'in', calledOff)
    .where('state', '=', 'waiting')
    .execute();
  await callOffWaitingJobs(trx, 'kit-broadcast', calledOff);
  return { held };
}

export function findPostBroadcast(store: Store, postId: string) {
  return store.db
    .selectFrom('post_broadcasts')
    .selectAll()
    .where('post_id', '=', postId)
    .executeTakeFirst();
}

/** Records the broadcast Kit made; only a row still waiting changes. */
export async function markBroadcastMade(
  store: Store,
  postId: string,
  made: { kitId: string; sendAt: string | null; now: number },
): Promise<void> {
  await store.db
    .updateTable('post_broadcasts')
    .set({
      state: 'made',
      kit_id: made.kitId,
      send_at: made.sendAt,
      made_at: isoAt(made.now),
      updated_at: isoAt(made.now),
    })
    .where('post_id', '=', postId)
    .where('state', '=', 'waiting')
    .execute();
}

/**
 * Every post's broadcast as the room shows it, newest post first, with its job's last error
 * while it is waiting (a failed job is retried from the room's outbox).
 */
export async function listPostBroadcasts(store: Store) {
  const rows = await store.db
    .selectFrom('post_broadcasts')
    .leftJoin('outbox_jobs', (join) =>
      join
        .onRef('outbox_jobs.lead_id', '=', 'post_broadcasts.post_id')
        .on('outbox_jobs.kind', '=', 'kit-broadcast')
        .on('outbox_jobs.status', '!=', 'sent'),
    )
    .select([
      'post_broadcasts.post_id',
      'post_broadcasts.state',
      'post_broadcasts.subject',
      'post_broadcasts.post_date',
      'post_broadcasts.broadcast',
      'post_broadcasts.send_at',
      'post_broadcasts.made_at',
      'outbox_jobs.status as job_status',
      'outbox_jobs.last_error',
    ])
    .orderBy('post_broadcasts.post_date', 'desc')
    .execute();
  return rows;
}
