/**
 * `npm run bench:instances` (not part of `npm test`; `npm run build` first; needs
 * BENCH_DATABASE_URL, a PostgreSQL where it may create and drop a scratch database):
 * sign-ups per second through one server instance, then through two instances on the same
 * PostgreSQL (round robin, as a load balancer would), 100 concurrent clients each time, and
 * whether every sign-up was stored exactly once. Both instances share the machine's cores with
 * the load generator, so the ratio says how the shared database and rate limit scale, not what
 * two machines would do.
 */
import { cpus, loadavg } from 'node:os';
import pg from 'pg';
import { openStore } from '../server/store';
import { type ServerProcess, startServerProcess } from '../server/testing/server-process';
import { type LoadResult, load } from './load';

const admin = process.env.BENCH_DATABASE_URL;
if (!admin) {
  console.error('Set BENCH_DATABASE_URL to a PostgreSQL server (postgres://…).');
  process.exit(2);
}

async function adminQuery(text: string) {
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  await client.query(text).finally(() => client.end());
}

const name = `bench_${Date.now()}`;
await adminQuery(`CREATE DATABASE ${name}`);
const url = new URL(admin);
url.pathname = `/${name}`;
const env = {
  DATABASE_URL: url.toString(),
  DATA_DIR: '',
  IP_HASH_KEY: 'bench-key-the-same-on-every-instance-000',
  // The production default rate limit, shared through PostgreSQL: each client its own address.
  TRUST_PROXY: 'loopback',
  KIT_API_KEY: '',
  SMTP_URL: '',
};
const line = (label: string, r: LoadResult) =>
  `${label.padEnd(22)}${r.perSecond.toFixed(0).padStart(7)}/s   p50 ${r.p50.toFixed(1).padStart(6)} ms   p99 ${r.p99.toFixed(1).padStart(6)} ms${r.failures ? `   ${r.failures} FAILED` : ''}`;

const signUp = (instances: ServerProcess[], tag: string) => (n: number) =>
  fetch(`${instances[n % instances.length]?.url}/api/subscriptions`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'X-Forwarded-For': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
    },
    body: JSON.stringify({ list: 'waitlist', email: `${tag}-${n}@example.com` }),
  });

const instances: ServerProcess[] = [];
let ok = false;
try {
  console.log(
    `Node ${process.version}, ${cpus().length} CPU(s), load average ${loadavg()[0]?.toFixed(1)}, PostgreSQL, 100 clients, 5,000 sign-ups per run\n`,
  );
  instances.push(await startServerProcess(env));
  await load(20, 500, signUp(instances, 'warm1'), 201);
  const one = await load(100, 5000, signUp(instances, 'one'), 201);
  instances.push(await startServerProcess(env));
  await load(20, 500, signUp(instances, 'warm2'), 201);
  const two = await load(100, 5000, signUp(instances, 'two'), 201);
  console.log(line('one instance', one));
  console.log(line('two instances', two));
  console.log(`two / one: ${(two.perSecond / one.perSecond).toFixed(2)}×`);

  const store = await openStore({ DATA_DIR: '', DATABASE_URL: url.toString() });
  const counted = await store.db
    .selectFrom('subscribers')
    .select((eb) => eb.fn.countAll().as('rows'))
    .where((eb) => eb.or([eb('email', 'like', 'one-%'), eb('email', 'like', 'two-%')]))
    .executeTakeFirstOrThrow();
  await store.close();
  ok = Number(counted.rows) === 10_000 && one.failures === 0 && two.failures === 0;
  console.log(`stored: ${counted.rows} of 10,000 ${ok ? '(each exactly once)' : 'MISMATCH'}`);
} finally {
  await Promise.all(instances.map((instance) => instance.stop()));
  await adminQuery(`DROP DATABASE ${name} WITH (FORCE)`);
}
process.exitCode = ok ? 0 : 1;
