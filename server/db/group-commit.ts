import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from './schema';

export type WriteWork<T> = (trx: Transaction<Database>) => Promise<T>;

interface Pending {
  work: WriteWork<unknown>;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

/**
 * Group commit for SQLite. With synchronous=FULL every commit waits for the disk, and
 * better-sqlite3 waits on the event loop's thread, so one commit per request would make the
 * disk the limit and stall every other request meanwhile. Writes that arrive together share one
 * transaction instead: each runs inside its own savepoint (a failing one is rolled back alone),
 * and every caller hears back only after the shared COMMIT, so a resolved write is still on disk.
 */
export function groupCommit(db: Kysely<Database>) {
  let queue: Pending[] = [];
  let flushing = false;

  async function flush(): Promise<void> {
    flushing = true;
    while (queue.length > 0) {
      const batch = queue;
      queue = [];
      const outcomes: { ok: boolean; value: unknown }[] = [];
      try {
        await db.transaction().execute(async (trx) => {
          for (const { work } of batch) {
            await sql`savepoint lead_write`.execute(trx);
            try {
              outcomes.push({ ok: true, value: await work(trx) });
              await sql`release savepoint lead_write`.execute(trx);
            } catch (error) {
              outcomes.push({ ok: false, value: error });
              await sql`rollback to savepoint lead_write`.execute(trx);
              await sql`release savepoint lead_write`.execute(trx);
            }
          }
        });
      } catch (error) {
        // The commit itself failed: nothing of this batch is stored.
        for (const pending of batch) pending.reject(error);
        continue;
      }
      batch.forEach((pending, i) => {
        const outcome = outcomes[i];
        if (outcome?.ok) pending.resolve(outcome.value);
        else pending.reject(outcome?.value);
      });
    }
    flushing = false;
  }

  return function write<T>(work: WriteWork<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
      // setImmediate lets the requests already read in this turn of the event loop join.
      if (!flushing) {
        flushing = true;
        setImmediate(() => void flush());
      }
    });
  };
}
