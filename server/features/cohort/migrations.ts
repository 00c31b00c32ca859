import { type Kysely, type Migration, sql } from 'kysely';

/**
 * The cohort's migrations: its applications and what happened to each (0016), then the offers
 * an accepted application gets, which hold its intake's seats and, paid, enrol it (0017);
 * docs/decisions/033-cohort-applications.md. Then the resubmissions an address's own link must
 * confirm before they count (0020, docs/decisions/034-selling-that-cannot-be-gamed.md).
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
  '0017-cohort-offers': {
    async up(db: Kysely<unknown>) {
      // One row per intake an offer was made for: what every offer of the intake locks first, so
      // that two owners, or two instances, count its seats one after another.
      await db.schema
        .createTable('cohort_intakes')
        .addColumn('intake', 'text', (col) => col.primaryKey())
        .addColumn('updated_at', 'text', (col) => col.notNull())
        .execute();
      // An offer of a seat to an accepted application: it holds the seat while open and not past
      // `expires_at`; paid, it is the applicant's enrolment (one per offer, however often Stripe
      // says so); withdrawn when the owner moves the application on; refunded in full, the seat
      // is free again.
      await db.schema
        .createTable('cohort_offers')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('application_id', 'text', (col) => col.notNull())
        .addColumn('intake', 'text', (col) => col.notNull())
        .addColumn('status', 'text', (col) => col.notNull())
        .addColumn('created_at', 'text', (col) => col.notNull())
        .addColumn('expires_at', 'text', (col) => col.notNull())
        .addColumn('amount', 'integer', (col) => col.notNull())
        .addColumn('currency', 'text', (col) => col.notNull())
        .addColumn('checkout_session', 'text', (col) => col.unique())
        .addColumn('checkout_url', 'text')
        .addColumn('checkout_expires_at', 'text')
        .addColumn('enrolled_at', 'text')
        .addColumn('paid_amount', 'integer')
        .addColumn('payment_intent', 'text')
        .addColumn('livemode', 'integer')
        .addColumn('closed_at', 'text')
        .execute();
      await db.schema
        .createIndex('cohort_offers_intake')
        .on('cohort_offers')
        .columns(['intake', 'status', 'expires_at'])
        .execute();
      await db.schema
        .createIndex('cohort_offers_application')
        .on('cohort_offers')
        .column('application_id')
        .execute();
      // At most one open offer per application, whatever races: accepting twice makes one.
      await db.schema
        .createIndex('cohort_offers_one_open')
        .on('cohort_offers')
        .column('application_id')
        .unique()
        .where(sql.ref('status'), '=', 'open')
        .execute();
      await db.schema
        .createIndex('cohort_offers_payment_intent')
        .on('cohort_offers')
        .column('payment_intent')
        .execute();
    },
  },
  '0020-cohort-resubmissions': {
    async up(db: Kysely<unknown>) {
      // A second application of an address for an intake, kept beside its application, which it
      // leaves untouched: `unconfirmed` until a link sent to that address confirms it, then
      // `replaced` (it became the application's name and answers) or `kept` (the application
      // was decided or offered a seat already: the owner reads it beside it).
      await db.schema
        .createTable('cohort_resubmissions')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('application_id', 'text', (col) => col.notNull())
        .addColumn('status', 'text', (col) => col.notNull())
        .addColumn('name', 'text', (col) => col.notNull())
        .addColumn('answers', 'text', (col) => col.notNull())
        .addColumn('created_at', 'text', (col) => col.notNull())
        .addColumn('confirmed_at', 'text')
        .addColumn('ip_hash', 'text', (col) => col.notNull())
        .addColumn('verified', 'integer', (col) => col.notNull())
        .addColumn('host', 'text')
        .addColumn('page', 'text')
        .addColumn('source', 'text')
        .addColumn('experiment', 'text')
        .addColumn('variant', 'text')
        .execute();
      await db.schema
        .createIndex('cohort_resubmissions_application')
        .on('cohort_resubmissions')
        .columns(['application_id', 'created_at'])
        .execute();
    },
  },
};
