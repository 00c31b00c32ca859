/**
 * `npm run bench` (not part of `npm test`): the lead capture server over real HTTP on this
 * machine, with SQLite. Prints contact submissions per second and p50/p99 latency side by side
 * with GET /api/health (the ceiling: same server, no body, no database) and their ratio; then
 * 10,000 submissions from 100 concurrent clients, checking that every one is stored exactly once.
 * Runs the built server (`npm run build` first) as a child process so that the load generator
 * does not share its event loop.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { openStore } from '../server/store';
import { startServerProcess } from '../server/testing/server-process';
import { type LoadResult, load } from './load';

const dataDir = mkdtempSync(join(tmpdir(), 'leads-bench-'));

const contact = (url: string, tag: string) => (n: number) =>
  fetch(`${url}/api/contact-submissions`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      name: 'Bench Mark',
      email: `bench-${tag}-${n}@example.com`,
      message: `${tag} ${n}: I would like to book a talk for our conference next spring.`,
    }),
  });
const health = (url: string) => () => fetch(`${url}/api/health`);

const line = (label: string, r: LoadResult) =>
  `${label.padEnd(28)}${r.perSecond.toFixed(0).padStart(8)}/s   p50 ${r.p50.toFixed(1).padStart(6)} ms   p99 ${r.p99.toFixed(1).padStart(6)} ms${r.failures ? `   ${r.failures} FAILED` : ''}`;

const server = await startServerProcess({
  DATA_DIR: dataDir,
  DATABASE_URL: '',
  LOG_LEVEL: 'info', // production's default: one log line per request
  LEAD_RATE_LIMIT: '0', // all the load comes from one address
  PAGE_VIEW_RATE_LIMIT: '0', // so every page view is counted, as a crowd's would be
  KIT_API_KEY: '',
  SMTP_URL: '',
});
let ok = true;
try {
  // The load average says how much the figures owe to other work on the machine.
  console.log(
    `Node ${process.version}, ${cpus().length} CPU(s) (${cpus()[0]?.model ?? '?'}), load average ${loadavg()[0]?.toFixed(1)}, SQLite WAL synchronous=FULL\n`,
  );
  await load(10, 300, health(server.url), 200);
  await load(10, 300, contact(server.url, 'warm'), 201);

  const clients = 10;
  const total = 3000;
  const ceiling = await load(clients, total, health(server.url), 200);
  const contacts = await load(clients, total, contact(server.url, 'side'), 201);
  console.log(`${total} requests each, ${clients} concurrent clients, keep-alive:`);
  console.log(line('GET /api/health (ceiling)', ceiling));
  console.log(line('POST /api/contact-submissions', contacts));
  console.log(
    `contact / health throughput: ${((contacts.perSecond / ceiling.perSecond) * 100).toFixed(0)}%\n`,
  );

  const big = await load(100, 10_000, contact(server.url, 'big'), 201);
  console.log('10,000 submissions from 100 concurrent clients:');
  console.log(line('POST /api/contact-submissions', big));

  const store = await openStore({ DATA_DIR: dataDir, DATABASE_URL: undefined });
  const row = await store.db
    .selectFrom('contact_submissions')
    .select([
      (eb) => eb.fn.countAll().as('rows'),
      sql<number>`count(distinct message)`.as('distinct'),
    ])
    .where('email', 'like', 'bench-big-%')
    .executeTakeFirstOrThrow();
  await store.close();
  const stored = Number(row.rows);
  const distinct = Number(row.distinct);
  console.log(`stored: ${stored} rows, ${distinct} distinct submissions`);
  ok = big.failures === 0 && stored === 10_000 && distinct === 10_000 && contacts.failures === 0;
  console.log(ok ? 'every submission stored exactly once' : 'MISMATCH: see above');
} finally {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
process.exitCode = ok ? 0 : 1;
