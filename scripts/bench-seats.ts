/**
 * `npm run bench:seats` (not part of `npm test`): the oversell test's figures
 * (docs/decisions/032-workshop-delivered.md, "Seats: held, taken, released"). For each database,
 * 1,000 visitors click "Reserve Your Spot" at once, each from an address of its own, for a
 * session with 3 seats left (17 of 20 sold); the app makes its own Checkout Sessions at the
 * stand-in Stripe. It prints the clicks, the sessions made, the "sold out" answers, and the mean
 * and 99th percentile time per click, from sent to answered, under that load. SQLite with one
 * instance; PostgreSQL (TEST_DATABASE_URL, as the tests: `scripts/ci/postgres.sh` starts one)
 * with two instances on one database, the clicks spread over both. The exit code says whether
 * exactly 3 sessions were made and every other click was told "sold out".
 */
import { cpus } from 'node:os';
import type { DialectName } from '../server/db/connect';
import type { Store } from '../server/db/store';
import { createTestApp } from '../server/testing/app';
import { startFakeStripe } from '../server/testing/fake-stripe';
import { createTestDatabase } from '../server/testing/stores';
import { testWebhookSecret } from '../server/testing/stripe';
import { seedAttendee } from '../server/testing/workshop-attendees';
import {
  clickAtOnce,
  clickFigures,
  ownCheckoutSettings,
  soldSession,
  standInStripeKey,
  workshopSite,
} from '../server/testing/workshop-checkout';

const clicks = 1000;
const seats = 20;
const sold = 17;

async function bench(dialect: DialectName, instances: number) {
  const stripe = await startFakeStripe({
    apiKey: standInStripeKey,
    webhookSecret: testWebhookSecret,
  });
  const database = await createTestDatabase(dialect);
  const stores: Store[] = [];
  try {
    for (let i = 0; i < instances; i++) stores.push(await database.open());
    const session = soldSession(
      'bench',
      new Date(Date.now() + 10 * 86_400_000).toISOString(),
      seats,
    );
    for (let i = 0; i < sold; i++) {
      await seedAttendee(stores[0] as Store, { id: `cs_bench_sold_${i}`, session: session.id });
    }
    const site = workshopSite([session]);
    const apps = stores.map((store) =>
      createTestApp(store, ownCheckoutSettings(stripe.url), undefined, undefined, site),
    );
    const started = performance.now();
    const answers = await clickAtOnce(apps, clicks, `?session=${session.id}`);
    const wallMs = performance.now() - started;
    return { ...clickFigures(answers, stripe.sessions().length), wallMs };
  } finally {
    for (const store of stores) await store.close();
    await database.drop();
    await stripe.stop();
  }
}

const runs: Array<{ name: string; dialect: DialectName; instances: number }> = [
  { name: 'SQLite, 1 instance', dialect: 'sqlite', instances: 1 },
  { name: 'PostgreSQL, 2 instances', dialect: 'postgres', instances: 2 },
];

console.log(
  `${clicks} concurrent clicks for the last ${seats - sold} seats (${sold} of ${seats} sold), ${cpus().length} CPUs`,
);
let held = true;
for (const run of runs) {
  if (run.dialect === 'postgres' && !process.env.TEST_DATABASE_URL) {
    console.log(`${run.name}: skipped (set TEST_DATABASE_URL; scripts/ci/postgres.sh starts one)`);
    continue;
  }
  const figures = await bench(run.dialect, run.instances);
  const right =
    figures.sessionsMade === seats - sold && figures.soldOut === clicks - figures.sessionsMade;
  held &&= right;
  console.log(
    `${run.name}: ${figures.clicks} clicks, ${figures.sessionsMade} Checkout Sessions made, ` +
      `${figures.soldOut} sold out; per click mean ${figures.meanMs.toFixed(0)} ms, ` +
      `p99 ${figures.p99Ms.toFixed(0)} ms; all answered in ${(figures.wallMs / 1000).toFixed(1)} s` +
      (right ? '' : '  <- NOT what the seats allow'),
  );
}
process.exitCode = held ? 0 : 1;
