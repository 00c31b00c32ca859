/**
 * `npm run bench:pages` (not part of `npm test`): what counting page views (decision 013) costs
 * the page server, and proof that it loses no count. Two server processes run the same build,
 * one with PAGE_VIEW_COUNTING=true and one with false, each on its own SQLite. Runs alternate
 * between them (on, off, then off, on, …) so that a change in the machine's other load falls on
 * both; it prints each side's pages per second and p50/p99 latency (medians of the runs) and
 * their ratio. Then 10,000 page requests from 100 concurrent clients (the lead bench's load) go
 * to the counting server: after its timed flush, and again after SIGTERM (its last flush), the
 * stored views must be exactly 10,000. Last, the counter's own cost on the request path,
 * in-process, which the machine's other load cannot hide. Run `npm run build` first.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseEnv } from '../server/env';
import { createLogger } from '../server/logger';
import { createPageViewCounter } from '../server/page-views/counter';
import { siteHosts } from '../server/site-hosts';
import { openStore } from '../server/store';
import { startServerProcess } from '../server/testing/server-process';
import { type LoadResult, load, medianRun, runLine } from './load';

/** Only browsers are counted: the bench must look like one (Node's fetch says "node"). */
const browser =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36';
const paths = ['/', '/bookwaitlistig', '/11cheatcodes?utm_source=newsletter'];

const pages = (url: string) => (n: number) =>
  fetch(`${url}${paths[n % paths.length]}`, { headers: { 'user-agent': browser } });

/**
 * Microseconds per `record()` of a counted view, in this process: the whole of what counting adds
 * to a page request (the writes happen off the request path).
 */
async function recordCost(calls: number): Promise<number> {
  const env = parseEnv({ LOG_LEVEL: 'silent' });
  const dataDir = mkdtempSync(join(tmpdir(), 'pages-bench-record-'));
  const store = await openStore({ DATA_DIR: dataDir, DATABASE_URL: undefined });
  try {
    const counter = createPageViewCounter({
      store,
      logger: createLogger(env),
      siteHosts: siteHosts(env),
    });
    const requests = paths.map((path) => ({
      method: 'GET',
      url: `http://localhost${path}`,
      headers: new Headers({
        host: 'localhost',
        'user-agent': browser,
        referer: 'https://www.google.com/',
      }),
    }));
    const run = (count: number) => {
      for (let i = 0; i < count; i++) {
        const request = requests[i % requests.length];
        // 65,536 addresses, each a few times: within an address's budget, so every view counts.
        if (request) counter.record(request, `10.0.${(i >> 8) & 255}.${i & 255}`);
      }
    };
    run(20_000); // warm-up
    const started = performance.now();
    run(calls);
    return ((performance.now() - started) * 1000) / calls;
  } finally {
    await store.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function storedViews(dataDir: string, source?: string) {
  const store = await openStore({ DATA_DIR: dataDir, DATABASE_URL: undefined });
  try {
    const row = await store.db
      .selectFrom('page_views')
      .select((eb) => [
        eb.fn.sum<number | string>('views').as('views'),
        eb.fn.count<number | string>('visitor').distinct().as('visitors'),
      ])
      .$if(source !== undefined, (qb) => qb.where('source', '=', source ?? ''))
      .executeTakeFirstOrThrow();
    return { views: Number(row.views ?? 0), visitors: Number(row.visitors) };
  } finally {
    await store.close();
  }
}

const dirs = {
  on: mkdtempSync(join(tmpdir(), 'pages-bench-on-')),
  off: mkdtempSync(join(tmpdir(), 'pages-bench-off-')),
};
const settings = (counting: boolean, dataDir: string) => ({
  DATA_DIR: dataDir,
  DATABASE_URL: '',
  LOG_LEVEL: 'info', // production's default: one log line per request
  PAGE_VIEW_COUNTING: String(counting),
  // All the load comes from one address: every view counted, as a crowd's would be.
  PAGE_VIEW_RATE_LIMIT: '0',
});
const servers = {
  on: await startServerProcess(settings(true, dirs.on)),
  off: await startServerProcess(settings(false, dirs.off)),
};
let ok = true;
try {
  console.log(
    `Node ${process.version}, ${cpus().length} CPU(s) (${cpus()[0]?.model ?? '?'}), load average ${loadavg()[0]?.toFixed(1)}, SQLite WAL synchronous=FULL\n`,
  );
  for (const server of [servers.on, servers.off]) await load(10, 1000, pages(server.url), 200);

  const rounds = 10;
  const clients = 10;
  const total = 3000;
  const runs = { on: [] as LoadResult[], off: [] as LoadResult[] };
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? (['on', 'off'] as const) : (['off', 'on'] as const);
    for (const side of order)
      runs[side].push(await load(clients, total, pages(servers[side].url), 200));
  }
  const on = medianRun(runs.on);
  const off = medianRun(runs.off);
  console.log(
    `${rounds} runs each, alternating, of ${total} page GETs from ${clients} concurrent clients (keep-alive), medians:`,
  );
  console.log(runLine('counting off', off));
  console.log(runLine('counting on', on));
  console.log(
    `on / off: throughput ${((on.perSecond / off.perSecond) * 100).toFixed(1)}%, p50 ${(on.p50 / off.p50).toFixed(2)}x, p99 ${(on.p99 / off.p99).toFixed(2)}x`,
  );
  console.log(
    `per run (pages/s), on: ${runs.on.map((run) => run.perSecond.toFixed(0)).join(' ')}; off: ${runs.off.map((run) => run.perSecond.toFixed(0)).join(' ')}\n`,
  );

  // The lead bench's load; 50 different browsers, so the flush writes more than one row.
  const requests = 10_000;
  const lossless = (n: number) =>
    fetch(`${servers.on.url}/bookwaitlistli?utm_source=lossless`, {
      headers: { 'user-agent': `${browser} Bench/${n % 50}` },
    });
  const big = await load(100, requests, lossless, 200);
  console.log(
    `${requests.toLocaleString('en-GB')} page GETs from 100 concurrent clients, counting on:`,
  );
  console.log(runLine('GET /bookwaitlistli', big));
  await sleep(6000); // one timed flush (every 5 s)
  const flushed = await storedViews(dirs.on, 'lossless');
  console.log(`after the timed flush: ${flushed.views} views stored, ${flushed.visitors} visitors`);
  const exit = await servers.on.stop('SIGTERM');
  const stopped = await storedViews(dirs.on, 'lossless');
  console.log(
    `after SIGTERM (exit ${exit}): ${stopped.views} views stored, ${stopped.visitors} visitors`,
  );
  const uncounted = await storedViews(dirs.off);
  console.log(`counting off stored ${uncounted.views} views`);
  ok =
    big.failures === 0 &&
    on.failures === 0 &&
    off.failures === 0 &&
    flushed.views === requests &&
    stopped.views === requests &&
    stopped.visitors === 50 &&
    exit === 0 &&
    uncounted.views === 0;
  const micros = await recordCost(200_000);
  console.log(
    `record(), in-process: ${micros.toFixed(2)} µs per counted view (200,000 calls), against ${(1e6 / off.perSecond).toFixed(0)} µs per page at the throughput above (${((micros * off.perSecond) / 1e4).toFixed(2)}%)`,
  );
  console.log(
    ok
      ? `every page view counted exactly once: ${requests - stopped.views} lost`
      : 'MISMATCH: see above',
  );
} finally {
  await Promise.all([servers.on.stop(), servers.off.stop()]);
  for (const dir of Object.values(dirs)) rmSync(dir, { recursive: true, force: true });
}
process.exitCode = ok ? 0 : 1;
