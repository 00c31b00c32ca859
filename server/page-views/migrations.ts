import type { Kysely, Migration } from 'kysely';

/**
 * The page views' migration: page views counted by the server, and the host each new lead came in on (0004).
 * Run in name order with every feature's (server/store.ts); append new ones, never edit old ones.
 */
export const pageViewMigrations: Readonly<Record<string, Migration>> = {
  // Page views counted by the server itself (docs/decisions/013-page-view-counting.md),
  // and the site each new lead came in on, so that views and sign-ups line up per host.
  '0004-page-views': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('page_views')
        .addColumn('day', 'text', (col) => col.notNull())
        .addColumn('host', 'text', (col) => col.notNull())
        .addColumn('path', 'text', (col) => col.notNull())
        .addColumn('source', 'text', (col) => col.notNull())
        .addColumn('visitor', 'text', (col) => col.notNull())
        .addColumn('views', 'integer', (col) => col.notNull())
        .addPrimaryKeyConstraint('page_views_key', ['day', 'host', 'path', 'source', 'visitor'])
        .execute();
      await db.schema
        .createTable('page_view_salts')
        .addColumn('day', 'text', (col) => col.primaryKey())
        .addColumn('salt', 'text', (col) => col.notNull())
        .execute();
      await db.schema.alterTable('subscribers').addColumn('host', 'text').execute();
      await db.schema.alterTable('contact_submissions').addColumn('host', 'text').execute();
    },
  },
};
