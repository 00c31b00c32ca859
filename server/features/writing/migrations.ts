import type { Kysely, Migration } from 'kysely';

/**
 * The writing's migrations: each post's newsletter as a Kit broadcast (0012), keyed by the post's id (0014).
 * Run in name order with every feature's (server/store.ts); append new ones, never edit old ones.
 */
export const writingMigrations: Readonly<Record<string, Migration>> = {
  '0012-post-broadcasts': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('post_broadcasts')
        .addColumn('slug', 'text', (col) => col.primaryKey())
        .addColumn('state', 'text', (col) => col.notNull())
        .addColumn('subject', 'text', (col) => col.notNull())
        .addColumn('preview_text', 'text', (col) => col.notNull())
        .addColumn('html', 'text', (col) => col.notNull())
        .addColumn('post_date', 'text', (col) => col.notNull())
        .addColumn('broadcast', 'text', (col) => col.notNull())
        .addColumn('kit_id', 'text')
        .addColumn('send_at', 'text')
        .addColumn('made_at', 'text')
        .addColumn('updated_at', 'text', (col) => col.notNull())
        .execute();
    },
  },
  // A post's newsletter is keyed by the post's id, which no rename changes, not by its file name
  // (docs/decisions/028-writing.md). A post from before ids is known by its file name, so every
  // row keeps its key, and a post already sent is not sent again.
  '0014-post-broadcast-ids': {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('post_broadcasts').renameColumn('slug', 'post_id').execute();
    },
  },
};
