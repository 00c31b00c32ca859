import { defineConfig, devices } from '@playwright/test';
import { e2eDataDir, e2eKit, e2eKitWebhookSecret, e2ePort } from './e2e/hosts';
import { e2eSiteSettings } from './e2e/site-settings';
import { chromiumFlags } from './scripts/chromium-flags';
import { pathSettings } from './server/env';
import { testWebhookSecret } from './server/testing/stripe';

/**
 * Browser tests run the real site on the real server, built with e2e/site-settings.ts (the sample
 * players and tags, this port) by `npm test`'s one build; the server command builds only if that
 * build is missing or stale.
 * Debian's Chromium, never a downloaded browser. The `*.localhost` host names resolve to
 * loopback inside Chromium, so the three named sites are reachable without /etc/hosts.
 */
const port = e2ePort;

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  // A Chromium a core: two side by side on 2 cores ran the visitors' tests in 4.4 min against
  // 5.5 min for one, and keep both cores busy, so four took longer (4.3 min against 4.0; decision
  // 029). Tests of a page's timing (a carousel's seconds, a countdown) run the page's clock,
  // which load cannot stretch.
  workers: '100%',
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: process.env.CI ? 'list' : [['list']],
  // A limit for a test that hangs, not a measure of speed (the benchmarks measure): on the 2-core
  // machine CI runs on, with two Chromiums side by side, axe over the home page alone took 10 s
  // and a walk over every page near 30, so 30 s failed sound tests now and then.
  timeout: 90_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://localhost:${port}`,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: pathSettings().CHROMIUM_PATH,
      args: chromiumFlags,
    },
  },
  projects: [
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], channel: undefined },
      testIgnore: /owner-room/,
    },
    // The owner's room publishes: it runs after every other test, whose pages it would change,
    // one test at a time, since each publish changes what the next one finds.
    {
      name: 'owner',
      workers: 1,
      use: { ...devices['Desktop Chrome'], channel: undefined },
      testMatch: /owner-room/,
      dependencies: ['desktop'],
    },
  ],
  webServer: {
    // `npm start`'s script: it builds only when the build is missing, stale or made with other
    // public settings, so after `npm test`'s build (or a first run) it builds nothing.
    command: 'node --import tsx scripts/start.ts',
    url: `http://localhost:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(port),
      BIND_ADDRESS: '127.0.0.1',
      // This port, the sample players and the sample tags: `npm test` built the site with them.
      ...e2eSiteSettings,
      LOG_LEVEL: 'warn',
      DATA_DIR: e2eDataDir,
      DATABASE_URL: '',
      // Every test posts from 127.0.0.1, so the per-address budget must cover the whole run.
      LEAD_RATE_LIMIT: '10000',
      PAGE_VIEW_RATE_LIMIT: '0',
      // A test may be a visitor of an address of its own, by X-Forwarded-For as the proxy of
      // docs/deploy.md would send it: an experiment counts no address shown both variants.
      TRUST_PROXY: 'loopback',
      OWNER_SIGN_IN_LIMIT: '1000',
      // Friends count once Kit reports them confirmed: the tests sign those reports (decision 021).
      KIT_WEBHOOK_SECRET: e2eKitWebhookSecret,
      // A post's newsletter goes to the fake Kit a test starts on this port; no list is set, so
      // sign-ups stay in the database as before.
      KIT_API_KEY: e2eKit.apiKey,
      KIT_API_URL: `http://127.0.0.1:${e2eKit.port}`,
      // Stripe's webhook, with events the checkout test signs itself (e2e/checkout.spec.ts).
      STRIPE_WEBHOOK_SECRET: testWebhookSecret,
    },
  },
});
