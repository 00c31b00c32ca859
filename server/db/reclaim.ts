import { sql } from 'kysely';
import type { Database } from './schema';
import type { Store } from './store';

/**
 * After an erasure or a prune has committed, the erased values leave the database's files too, as
 * far as each database allows (docs/decisions/034-selling-that-cannot-be-gamed.md):
 * - SQLite: every connection runs with `secure_delete` (connect.ts), so a deleted or overwritten
 *   value is zeroed in its page; the pages still holding it are in the WAL until a checkpoint
 *   copies the new ones into the file. A TRUNCATE checkpoint does that and empties the WAL, so
 *   neither file, nor a backup made afterwards, holds the old bytes. It waits for readers up to
 *   the busy timeout; one still reading then leaves the WAL to the next checkpoint.
 * - PostgreSQL: an update or delete leaves the old row version in the table as a dead tuple until
 *   VACUUM; this runs it on the tables named, so the dead versions leave the indexes and their
 *   space is marked free for the next rows to overwrite. The bytes themselves stay in that free
 *   space, in the WAL segments and in any archive or backup until those are overwritten or aged
 *   out: the decision record says what the operator does about them.
 */
export async function reclaimErased(
  store: Pick<Store, 'db' | 'dialect'>,
  tables: readonly (keyof Database)[],
): Promise<void> {
  if (store.dialect === 'sqlite') {
    await sql`PRAGMA wal_checkpoint(TRUNCATE)`.execute(store.db);
    return;
  }
  if (tables.length === 0) return;
  // VACUUM cannot run in a transaction: the pool runs it on a connection of its own.
  await sql`VACUUM ${sql.join(tables.map((table) => sql.table(table)))}`.execute(store.db);
}
