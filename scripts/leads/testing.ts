import type { TestDatabase } from '../../server/testing/stores';
import { type LeadsEnv, runLeadsCli } from './cli';

/** The settings a test runs the tool with: the main site, and the named sites' hosts. */
export const testSettings = {
  SITE_URL: 'https://jamie.example',
  SELLABLE_BUSINESS_HOST: 'sellablebusiness.localhost',
  WAITLIST_HOST: 'waitlist.localhost',
  BOOK_HOST: 'whatsstoppingyou.localhost',
  // As behind the Caddy of docs/deploy.md, which the site's https address implies.
  TRUST_PROXY: ['loopback'] as readonly string[],
};

/**
 * Runs the tool as the owner would, on the test's database, with these settings added, at `now`
 * when given; answers its exit code and what it printed.
 */
export async function leadsOn(
  database: TestDatabase,
  settings: Partial<LeadsEnv>,
  argv: readonly string[],
  now?: Date,
) {
  const output = { stdout: '', stderr: '' };
  const code = await runLeadsCli(argv, {
    env: () => ({ ...testSettings, ...database.env, ...settings }),
    // The tool opens and closes its own connection, as it does beside a running server.
    openStore: () => database.open(),
    stdout: (text) => {
      output.stdout += text;
    },
    stderr: (text) => {
      output.stderr += text;
    },
    ...(now ? { now } : {}),
  });
  return { code, ...output };
}
