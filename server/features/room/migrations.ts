import type { Kysely, Migration } from 'kysely';

/**
 * The room's migrations: owners, passkeys, sessions, invites and the audit log (0005); content versions (0006).
 * Run in name order with every feature's (server/store.ts); append new ones, never edit old ones.
 */
export const roomMigrations: Readonly<Record<string, Migration>> = {
  // The owner's room, signed in with passkeys (docs/decisions/018-owner-sign-in.md).
  '0005-owners': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('owners')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('name', 'text', (col) => col.notNull())
        .addColumn('created_at', 'text', (col) => col.notNull())
        .addColumn('revoked_at', 'text')
        .execute();
      await db.schema
        .createTable('owner_invites')
        .addColumn('token_hash', 'text', (col) => col.primaryKey())
        .addColumn('owner_id', 'text', (col) => col.notNull())
        .addColumn('created_at', 'text', (col) => col.notNull())
        .addColumn('expires_at', 'text', (col) => col.notNull())
        .addColumn('used_at', 'text')
        .execute();
      await db.schema
        .createTable('owner_passkeys')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('owner_id', 'text', (col) => col.notNull())
        .addColumn('public_key', 'text', (col) => col.notNull())
        .addColumn('counter', 'integer', (col) => col.notNull())
        .addColumn('transports', 'text', (col) => col.notNull())
        .addColumn('label', 'text', (col) => col.notNull())
        .addColumn('created_at', 'text', (col) => col.notNull())
        .addColumn('last_used_at', 'text')
        .execute();
      await db.schema
        .createIndex('owner_passkeys_owner')
        .on('owner_passkeys')
        .column('owner_id')
        .execute();
      await db.schema
        .createTable('owner_sessions')
        .addColumn('token_hash', 'text', (col) => col.primaryKey())
        .addColumn('owner_id', 'text', (col) => col.notNull())
        .addColumn('created_at', 'text', (col) => col.notNull())
        .addColumn('last_seen_at', 'text', (col) => col.notNull())
        .addColumn('expires_at', 'text', (col) => col.notNull())
        .addColumn('revoked_at', 'text')
        .execute();
      await db.schema
        .createIndex('owner_sessions_owner')
        .on('owner_sessions')
        .column('owner_id')
        .execute();
      await db.schema
        .createTable('owner_challenges')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('challenge', 'text', (col) => col.notNull())
        .addColumn('purpose', 'text', (col) => col.notNull())
        .addColumn('subject', 'text')
        .addColumn('expires_at', 'text', (col) => col.notNull())
        .execute();
      await db.schema
        .createTable('audit_log')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('at', 'text', (col) => col.notNull())
        .addColumn('owner_id', 'text')
        .addColumn('action', 'text', (col) => col.notNull())
        .addColumn('detail', 'text', (col) => col.notNull())
        .execute();
      await db.schema.createIndex('audit_log_at').on('audit_log').column('at').execute();
    },
  },
  // What the owner published (docs/decisions/019-publish.md), so every instance serves it and a
  // rollback can bring back any earlier version (server/features/room/publish/versions.ts).
  '0006-content-versions': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('content_blobs')
        .addColumn('hash', 'text', (col) => col.primaryKey())
        .addColumn('data', 'text', (col) => col.notNull())
        .execute();
      await db.schema
        .createTable('content_versions')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('number', 'integer', (col) => col.notNull().unique())
        .addColumn('created_at', 'text', (col) => col.notNull())
        .addColumn('owner_id', 'text')
        .addColumn('action', 'text', (col) => col.notNull())
        .addColumn('source_number', 'integer')
        .addColumn('manifest', 'text', (col) => col.notNull())
        .addColumn('changed', 'text', (col) => col.notNull())
        .execute();
    },
  },
};
