import type { Kysely, Migration } from 'kysely';

/**
 * The experiments' migrations: exposures and sign-ups' variants (0010), checkouts by variant (0011), the visitor a sign-up's variant came from and each exposure's client (0013), the visitor a cohort application's variant came from (0018).
 * Run in name order with every feature's (server/store.ts); append new ones, never edit old ones.
 */
export const experimentsMigrations: Readonly<Record<string, Migration>> = {
  // Who saw which variant of an experiment, and which variant each sign-up came from
  // (docs/decisions/027-experiments.md).
  '0010-experiments': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('experiment_exposures')
        .addColumn('day', 'text', (col) => col.notNull())
        .addColumn('experiment', 'text', (col) => col.notNull())
        .addColumn('variant', 'text', (col) => col.notNull())
        .addColumn('visitor', 'text', (col) => col.notNull())
        .addColumn('views', 'integer', (col) => col.notNull())
        .addPrimaryKeyConstraint('experiment_exposures_key', [
          'day',
          'experiment',
          'variant',
          'visitor',
        ])
        .execute();
      // A sign-up on a page under an experiment keeps the experiment and its visitor's variant.
      await db.schema.alterTable('subscribers').addColumn('experiment', 'text').execute();
      await db.schema.alterTable('subscribers').addColumn('variant', 'text').execute();
    },
  },
  // Which visitors of a variant clicked its checkout, and which variant each sale's click came
  // from (docs/decisions/027-experiments.md).
  '0011-experiment-checkouts': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('experiment_checkouts')
        .addColumn('day', 'text', (col) => col.notNull())
        .addColumn('experiment', 'text', (col) => col.notNull())
        .addColumn('variant', 'text', (col) => col.notNull())
        .addColumn('visitor', 'text', (col) => col.notNull())
        .addColumn('clicks', 'integer', (col) => col.notNull())
        .addPrimaryKeyConstraint('experiment_checkouts_key', [
          'day',
          'experiment',
          'variant',
          'visitor',
        ])
        .execute();
      await db.schema.alterTable('sales').addColumn('experiment', 'text').execute();
      await db.schema.alterTable('sales').addColumn('variant', 'text').execute();
    },
  },
  // A sign-up keeps the visitor key its variant came from, and an exposure the client (site and
  // address) behind its key, so that only a variant a visitor was shown, by a client that saw
  // no other, counts (docs/decisions/027-experiments.md).
  '0013-experiment-visitors': {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('subscribers').addColumn('visitor', 'text').execute();
      await db.schema.alterTable('experiment_exposures').addColumn('client', 'text').execute();
    },
  },
  // The visitor key a cohort application's variant came from, so that an application counts only
  // for a variant its visitor was shown (docs/decisions/033-cohort-applications.md).
  '0018-experiment-applications': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('experiment_applications')
        .addColumn('application_id', 'text', (col) => col.primaryKey())
        .addColumn('day', 'text', (col) => col.notNull())
        .addColumn('experiment', 'text', (col) => col.notNull())
        .addColumn('variant', 'text', (col) => col.notNull())
        .addColumn('visitor', 'text', (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex('experiment_applications_experiment')
        .on('experiment_applications')
        .columns(['experiment', 'variant'])
        .execute();
    },
  },
};
