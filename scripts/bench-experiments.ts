/**
 * `npm run bench:experiments` (not part of `npm test`): what a running experiment costs the page
 * server (docs/decisions/027-experiments.md). The aim: pages per second with an experiment
 * running stay within 5% of the figure without one. Two server processes, both counting page
 * views (experiments need the visitor key): "with" on the build as it is, whose content runs
 * `waitlist-headline` on the waitlist page, and "without" on a copy of the build whose content
 * lists no experiment. Runs alternate between them, as in bench:pages, of waitlist page GETs from
 * 200 browsers, so that both variants are chosen; it prints each side's pages per second and
 * p50/p99 latency (medians of the runs) and their ratio. Before timing it checks that the
 * "with" server sends both headlines, privately and without a cookie, and "without" only the
 * page as it is; after it, that every request to "with" was counted as an exposure. Last, what
 * the experiment adds to a page request, in-process, which the machine's other load cannot hide.
 * The exit code says whether the checks held, not whether the ratio met the aim (the machine's
 * other load moves it). Run `npm run build` first.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { experiments } from '../contracts/content/experiments';
import { buildPaths } from '../server/build-paths';
import { parseEnv } from '../server/env';
import { createExposures, experimentFor } from '../server/features/experiments';
import { createLogger } from '../server/logger';
import { createPageViewCounter } from '../server/page-views/counter';
import { siteHosts } from '../server/site-hosts';
import { openStore } from '../server/store';
import { startServerProcess } from '../server/testing/server-process';
import { type LoadResult, load, medianRun, runLine } from './load';

const browser =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36';
/** Distinct browsers, so distinct visitors (the key hashes address and User-Agent). */
const browsers = 200;
const userAgent = (n: number) => `${browser} Bench/${n % browsers}`;
/** The waitlist page on the main host (contracts/routes.ts). */
const paths = ['/bookwaitlistig', '/bookwaitlistli'];
const experimentName = 'waitlist-headline';
const pageCache = 'public, max-age=0, must-revalidate';
const experimentCache = 'private, no-cache';

type Side = 'with' | 'without';

/** Each side's page GETs; those to "with" are counted, to be found again as exposures. */
const sent = { with: 0, without: 0 };
const pages = (side: Side, url: string) => (n: number) => {
  sent[side]++;
  return fetch(`${url}${paths[n % paths.length]}`, { headers: { 'user-agent': userAgent(n) } });
};

const headingOf = (html: string) => /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1]?.trim();

/** The built documents' headings: the page as it is, and the variant's. */
function headings() {
  const input = JSON.parse(readFileSync(buildPaths.renderInput, 'utf8')) as {
    content: {
      experiments: {
        experiments: Array<{ name: string; page: string; variants: Array<{ name: string }> }>;
      };
    };
  };
  const experiment = input.content.experiments.experiments.find(
    (candidate) => candidate.name === experimentName,
  );
  const variant = experiment?.variants[0]?.name;
  if (experiment?.page !== 'waitlist' || !variant) {
    throw new Error(
      `The build runs no "${experimentName}" experiment on the waitlist page: run \`npm run build\` on the sample content.`,
    );
  }
  const control = headingOf(readFileSync(join(buildPaths.pages, 'waitlist.html'), 'utf8'));
  const challenger = headingOf(
    readFileSync(join(buildPaths.pages, `waitlist@${experimentName}/${variant}.html`), 'utf8'),
  );
  if (!control || !challenger || control === challenger) {
    throw new Error('The waitlist page and its variant have no distinct headings.');
  }
  return { variant, control, challenger };
}

/**
 * A copy of the build whose content lists no experiment: the server then loads no variant
 * document and sends the waitlist page as it is (server/site.ts). The build's render bundle
 * imports React and zod by name, so the copy reaches the repository's node_modules.
 */
function buildWithoutExperiments(dir: string): string {
  const copy = join(dir, 'dist');
  cpSync(buildPaths.dist, copy, { recursive: true });
  symlinkSync(join(buildPaths.root, 'node_modules'), join(dir, 'node_modules'), 'dir');
  const renderInput = join(copy, 'server/render-input.json');
  const input = JSON.parse(readFileSync(renderInput, 'utf8')) as {
    content: { experiments: { experiments: unknown[] } };
  };
  input.content.experiments.experiments = [];
  writeFileSync(renderInput, JSON.stringify(input));
  return copy;
}

/**
 * What each side sends `browsers` visitors: the headings seen, and any answer that is not a 200,
 * has another Cache-Control, or sets a cookie.
 */
async function served(url: string, expectedCache: string) {
  const seen = new Map<string, number>();
  const problems: string[] = [];
  for (let n = 0; n < browsers; n++) {
    const path = paths[n % paths.length] ?? '/';
    const response = await fetch(`${url}${path}`, { headers: { 'user-agent': userAgent(n) } });
    const heading = headingOf(await response.text()) ?? '(none)';
    seen.set(heading, (seen.get(heading) ?? 0) + 1);
    const cache = response.headers.get('cache-control');
    if (response.status !== 200) problems.push(`${path}: status ${response.status}`);
    if (cache !== expectedCache) problems.push(`${path}: Cache-Control ${cache}`);
    if (response.headers.has('set-cookie')) problems.push(`${path}: Set-Cookie`);
  }
  return { seen, problems: [...new Set(problems)] };
}

async function storedExposures(dataDir: string) {
  const store = await openStore({ DATA_DIR: dataDir, DATABASE_URL: undefined });
  try {
    const rows = await store.db
      .selectFrom('experiment_exposures')
      .select((eb) => [
        'experiment',
        'variant',
        eb.fn.sum<number | string>('views').as('views'),
        eb.fn.count<number | string>('visitor').distinct().as('visitors'),
      ])
      .groupBy(['experiment', 'variant'])
      .orderBy('variant')
      .execute();
    return rows.map((row) => ({
      experiment: row.experiment,
      variant: row.variant,
      views: Number(row.views ?? 0),
      visitors: Number(row.visitors),
    }));
  } finally {
    await store.close();
  }
}

/**
 * Microseconds per page request of what a running experiment adds to it, in this process: the
 * steps server/app.ts takes (the page view's count, which gives the visitor, the experiment live
 * on the page, the variant, the exposure). The writes happen off the request path, with the page views'.
 */
async function experimentCost(calls: number): Promise<number> {
  const input = JSON.parse(readFileSync(buildPaths.renderInput, 'utf8')) as {
    content: { experiments: unknown };
  };
  const list = experiments.parse(input.content.experiments).experiments;
  const env = parseEnv({ LOG_LEVEL: 'silent' });
  const dataDir = mkdtempSync(join(tmpdir(), 'experiments-bench-cost-'));
  const store = await openStore({ DATA_DIR: dataDir, DATABASE_URL: undefined });
  try {
    const exposures = createExposures({ store, logger: createLogger(env) });
    const counter = createPageViewCounter({
      store,
      logger: createLogger(env),
      siteHosts: siteHosts(env),
    });
    const requests = Array.from({ length: browsers }, (_, n) => ({
      method: 'GET',
      url: `http://localhost${paths[n % paths.length]}`,
      headers: new Headers({ host: 'localhost', 'user-agent': userAgent(n) }),
    }));
    const run = (count: number) => {
      for (let i = 0; i < count; i++) {
        const request = requests[i % requests.length];
        if (!request) throw new Error('no bench request');
        // 65,536 addresses, each a few times: one address's views stop counting past its budget.
        const visitor = counter.record(request, `10.0.${(i >> 8) & 255}.${i & 255}`);
        if (!visitor) throw new Error('the bench request is not counted');
        const shown = experimentFor(list, 'waitlist', visitor.key, Date.now());
        if (!shown) throw new Error('no experiment live on the waitlist page');
        exposures.expose(visitor, shown);
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

const expected = headings();
const dirs = {
  with: mkdtempSync(join(tmpdir(), 'experiments-bench-with-')),
  without: mkdtempSync(join(tmpdir(), 'experiments-bench-without-')),
  build: mkdtempSync(join(tmpdir(), 'experiments-bench-build-')),
};
const settings = (dataDir: string) => ({
  DATA_DIR: dataDir,
  DATABASE_URL: '',
  LOG_LEVEL: 'info', // production's default: one log line per request
  PAGE_VIEW_COUNTING: 'true', // both sides: an experiment needs the visitor key
  // All the load comes from one address: every view counted and shown its variant.
  PAGE_VIEW_RATE_LIMIT: '0',
});
let ok = false;
const started: Partial<Record<Side, Awaited<ReturnType<typeof startServerProcess>>>> = {};
try {
  const copy = buildWithoutExperiments(dirs.build);
  started.with = await startServerProcess(settings(dirs.with));
  started.without = await startServerProcess({ ...settings(dirs.without), BUILD_DIR: copy });
  const servers = { with: started.with, without: started.without };
  console.log(
    `Node ${process.version}, ${cpus().length} CPU(s) (${cpus()[0]?.model ?? '?'}), load average ${loadavg()[0]?.toFixed(1)}; page view counting on both sides\n`,
  );

  // Both headlines from "with", privately and without a cookie; only the page from "without".
  const withExperiment = await served(servers.with.url, experimentCache);
  const without = await served(servers.without.url, pageCache);
  sent.with += browsers;
  sent.without += browsers;
  const count = (seen: Map<string, number>, heading: string) => seen.get(heading) ?? 0;
  const others = (seen: Map<string, number>, known: string[]) =>
    [...seen].filter(([heading]) => !known.includes(heading));
  console.log(`GET ${paths.join(', ')} from ${browsers} browsers:`);
  console.log(
    `  with: "${expected.control}" ${count(withExperiment.seen, expected.control)}, "${expected.challenger}" (${expected.variant}) ${count(withExperiment.seen, expected.challenger)}, Cache-Control ${experimentCache}`,
  );
  console.log(
    `  without: "${expected.control}" ${count(without.seen, expected.control)}, Cache-Control ${pageCache}`,
  );
  const unknown = [
    ...others(withExperiment.seen, [expected.control, expected.challenger]),
    ...others(without.seen, [expected.control]),
  ];
  const problems = [
    ...withExperiment.problems.map((problem) => `with ${problem}`),
    ...without.problems.map((problem) => `without ${problem}`),
    ...unknown.map(([heading, times]) => `another heading ${times} times: ${heading}`),
    ...(count(withExperiment.seen, expected.control) === 0 ? ['with: no control'] : []),
    ...(count(withExperiment.seen, expected.challenger) === 0 ? ['with: no variant'] : []),
  ];
  for (const problem of problems) console.log(`  FAILED: ${problem}`);
  console.log('');

  for (const side of ['with', 'without'] as const)
    await load(10, 1000, pages(side, servers[side].url), 200);

  const rounds = 10;
  const clients = 10;
  const total = 3000;
  const runs = { with: [] as LoadResult[], without: [] as LoadResult[] };
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? (['with', 'without'] as const) : (['without', 'with'] as const);
    for (const side of order)
      runs[side].push(await load(clients, total, pages(side, servers[side].url), 200));
  }
  const on = medianRun(runs.with);
  const off = medianRun(runs.without);
  const ratio = on.perSecond / off.perSecond;
  console.log(
    `${rounds} runs each, alternating, of ${total} waitlist GETs from ${clients} concurrent clients (keep-alive, ${browsers} browsers), medians:`,
  );
  console.log(runLine('without an experiment', off));
  console.log(runLine(`with ${experimentName}`, on));
  console.log(
    `with / without: throughput ${(ratio * 100).toFixed(1)}%, p50 ${(on.p50 / off.p50).toFixed(2)}x, p99 ${(on.p99 / off.p99).toFixed(2)}x: ${ratio >= 0.95 ? 'within the 5% aim' : 'OUTSIDE the 5% aim'}`,
  );
  console.log(
    `per run (pages/s), with: ${runs.with.map((run) => run.perSecond.toFixed(0)).join(' ')}; without: ${runs.without.map((run) => run.perSecond.toFixed(0)).join(' ')}`,
  );
  console.log(
    `load average now ${loadavg()
      .map((value) => value.toFixed(1))
      .join(' ')}\n`,
  );

  // Every counted request to "with" is one exposure; its last flush comes with SIGTERM.
  const exitWith = await servers.with.stop('SIGTERM');
  const exitWithout = await servers.without.stop('SIGTERM');
  const exposures = await storedExposures(dirs.with);
  const stray = await storedExposures(dirs.without);
  const views = exposures.reduce((sum, row) => sum + row.views, 0);
  console.log(`after SIGTERM (exit ${exitWith}), experiment_exposures of "with":`);
  for (const row of exposures)
    console.log(
      `  ${row.experiment} / ${row.variant}: ${row.views} views, ${row.visitors} visitors`,
    );
  console.log(
    `  ${views} views stored for ${sent.with} waitlist GETs sent; "without" (exit ${exitWithout}) stored ${stray.length} exposure rows`,
  );
  const variants = new Set(
    exposures.filter((row) => row.experiment === experimentName).map((row) => row.variant),
  );
  ok =
    problems.length === 0 &&
    on.failures === 0 &&
    off.failures === 0 &&
    exitWith === 0 &&
    exitWithout === 0 &&
    views === sent.with &&
    variants.has('control') &&
    variants.has(expected.variant) &&
    stray.length === 0;
  const micros = await experimentCost(200_000);
  console.log(
    `the experiment in-process: ${micros.toFixed(2)} µs per page request (200,000 calls), against ${(1e6 / off.perSecond).toFixed(0)} µs per page at the throughput without (${((micros * off.perSecond) / 1e4).toFixed(2)}%)`,
  );
  console.log(
    ok
      ? 'both variants served and every request exposed once'
      : 'FAILED: see above (the ratio alone never fails the run)',
  );
} finally {
  await Promise.all(Object.values(started).map((server) => server.stop()));
  for (const dir of Object.values(dirs)) rmSync(dir, { recursive: true, force: true });
}
process.exitCode = ok ? 0 : 1;
