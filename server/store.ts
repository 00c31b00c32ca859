import type { Migration } from 'kysely';
import type { ConnectOptions } from './db/connect';
import { type Migrations, migrationNamesOf, storeMigrations } from './db/migrations';
import { connectStore, type Store } from './db/store';
import type { Env } from './env';
import { features } from './feature-list';
import { pageViewMigrations } from './page-views/migrations';

/**
 * The site's migrations: the store's own first ones, the page views', then each feature's, run
 * together in name order. Two features may not name one migration alike: the later would
 * silently replace the earlier, so the list refuses to load.
 */
export const siteMigrations: Migrations = (() => {
  const all: Record<string, Migration> = { ...storeMigrations, ...pageViewMigrations };
  for (const { name, migrations = {} } of features) {
    const twice = Object.keys(migrations).filter((key) => key in all);
    if (twice.length > 0) {
      throw new Error(`The ${name} feature's migration ${twice.join(', ')} is named twice.`);
    }
    Object.assign(all, migrations);
  }
  return all;
})();

/** Every migration this code knows, in the order they run. */
export const migrationNames: readonly string[] = migrationNamesOf(siteMigrations);

/** Opens the site's store and brings its tables up to date: every process that opens it migrates. */
export const openStore = (
  env: Pick<Env, 'DATA_DIR' | 'DATABASE_URL'>,
  options: ConnectOptions = {},
): Promise<Store> => connectStore(env, siteMigrations, options);
