import type { Reporter } from 'vitest/node';

/**
 * Says why the PostgreSQL half of the API tests was skipped, under Vitest's summary: each suite
 * of `describeEachDatabase` / `describeEachStore` (server/testing/stores.ts) runs on SQLite and,
 * with TEST_DATABASE_URL set, on PostgreSQL too, as CI does. Silent when it is set.
 */
export default class PostgresSkipReporter implements Reporter {
  onTestRunEnd() {
    if (process.env.TEST_DATABASE_URL) return;
    process.stdout.write(
      [
        '',
        'The tests marked [postgres] were skipped: TEST_DATABASE_URL is not set. To run them too, as CI does:',
        '  read -r TEST_DATABASE_URL pg_dir < <(bash scripts/ci/postgres.sh) && export TEST_DATABASE_URL',
        '  npm run test:unit; bash scripts/ci/postgres.sh stop "$pg_dir"',
        '',
      ].join('\n'),
    );
  }
}
