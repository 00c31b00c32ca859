import { sql } from 'kysely';
import type { SubscriptionList } from '../../../contracts/subscription';
import { enqueueEach } from '../../db/outbox';
import type { Store } from '../../db/store';

/**
 * Backfilled jobs are due one every 1.5 s. Each Kit sign-up is two API calls and Kit allows 120
 * calls a minute per key, so a backfill runs at 80 a minute and leaves a third of the budget to
 * live sign-ups. Being due later, the backlog also never holds up a new sign-up's job: the
 * worker takes due jobs oldest first, and a backfill of thousands due at once would come first.
 */
export const kitBackfillSpacingMs = 1_500;

/** A backfilled job's id names its lead, so two runs at once cannot both queue it. */
const jobIdPrefix = 'kit-backfill-';

export interface KitBackfill {
  lists: readonly SubscriptionList[];
  since?: Date;
  /** Count what would be queued, and queue nothing. */
  dryRun?: boolean;
  now?: Date;
}

/**
 * Queues a `kit-subscribe` job for every subscriber on `lists` who never had one in any state:
 * the sign-ups stored while Kit was not configured (decision 007). One INSERT … SELECT … WHERE
 * NOT EXISTS (server/db/outbox.ts `enqueueEach`), so each run is one transaction; the job id
 * derived from the lead makes a second run at the same moment skip what the first queued (ON
 * CONFLICT DO NOTHING), on PostgreSQL too, where neither run would yet see the other's rows.
 * Answers how many it queued (or would).
 */
export async function backfillKitJobs(
  store: Store,
  { lists, since, dryRun = false, now = new Date() }: KitBackfill,
): Promise<number> {
  const neverSent = store.db
    .selectFrom('subscribers')
    .where('list', 'in', lists)
    .$if(since !== undefined, (qb) => qb.where('created_at', '>=', since?.toISOString() ?? ''))
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('outbox_jobs')
            .select('outbox_jobs.id')
            .where('outbox_jobs.kind', '=', 'kit-subscribe')
            .whereRef('outbox_jobs.lead_id', '=', 'subscribers.id'),
        ),
      ),
    );
  if (dryRun) {
    const { count } = await neverSent
      .select((eb) => eb.fn.countAll().as('count'))
      .executeTakeFirstOrThrow();
    return Number(count);
  }

  const nowIso = now.toISOString();
  return enqueueEach(store.db, neverSent, {
    kind: 'kit-subscribe',
    now: nowIso,
    id: sql<string>`${jobIdPrefix} || subscribers.id`,
    leadId: sql.ref<string>('subscribers.id'),
    dueAt: staggeredFrom(store, nowIso),
  });
}

/**
 * `now` plus the spacing for each earlier job, oldest sign-up first, as the ISO-8601 text every
 * time column holds. Date arithmetic is where the two dialects differ.
 */
function staggeredFrom(store: Store, nowIso: string) {
  const rank = sql`(row_number() over (order by subscribers.created_at, subscribers.id) - 1)`;
  if (store.dialect === 'postgres') {
    return sql<string>`to_char((cast(${nowIso} as timestamptz) + ${rank} * interval '${sql.raw(String(kitBackfillSpacingMs))} milliseconds') at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
  }
  return sql<string>`strftime('%Y-%m-%dT%H:%M:%fZ', ${nowIso}, '+' || (${rank} * ${kitBackfillSpacingMs / 1000}) || ' seconds')`;
}
