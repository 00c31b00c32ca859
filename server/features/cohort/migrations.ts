import type { Kysely, Migration } from 'kysely';

/**
 * The cohort's migration: its applications and what happened to each (0016;
 * docs/decisions/033-cohort-applications.md).
 * Run in name order with every feature's (server/store.ts); append new ones, never edit old ones.
 */
export const cohortMigrations: Readonly<Record<string, Migration>> = {
  '0016-cohort-applications': {
    async up(db: Kysely<unknown>) {
      // One application per address and intake: applying again updates it, and the history keeps
      // what it said before.
      await db.schema
        .createTable('cohort_applications')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('intake', 'text', (col) => col.notNull())
        .addColumn('email', 'text')
        .addColumn('name', 'text')
        .addColumn('answers', 'text', (col) => col.notNull())
        .addColumn('status', 'text', (col) => col.notNull())
        .addColumn('created_at', 'text', (col) => col.notNull())
        .addColumn('updated_at', 'text', (col) => col.notNull())
        .addColumn('decided_at', 'text')
        .addColumn('ip_hash', 'text', (col) => col.notNull())
        .addColumn('verified', 'integer', (col) => col.notNull())
        .addColumn('host', 'text')
        .addColumn('page', 'text')
        .addColumn('source', 'text')
        .addColumn('experiment', 'text')
        .addColumn('variant', 'text')
        .addColumn('erased_at', 'text')
        .addUniqueConstraint('cohort_applications_intake_email', ['intake', 'email'])
        .execute();
      await db.schema
        .createIndex('cohort_applications_created_at')
        .on('cohort_applications')
        .column('created_at')
        .execute();
      // Everything that happened to an application, in order: submitted, updated (with what it
      // said before), a status changed, a private note.
      await db.schema
        .createTable('cohort_application_events')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('application_id', 'text', (col) => col.notNull())
        .addColumn('at', 'text', (col) => col.notNull())
        .addColumn('kind', 'text', (col) => col.notNull())
        .addColumn('detail', 'text', (col) => col.notNull())
        .addColumn('owner_id', 'text')
        .execute();
      await db.schema
        .createIndex('cohort_application_events_application')
        .on('cohort_application_events')
        .columns(['application_id', 'at'])
        .execute();
    },
  },
};
