/**
 * `npm run bench:publish` (not part of `npm test`): how long "Publish" in the owner's room takes,
 * from the press to the new pages served (the working copy read, rendered in a child process,
 * recorded, swapped), and whether the server goes on answering meanwhile. Each run changes one
 * headline of the working copy, as the editor does. Prints every run, the median and the worst,
 * the render's own share, and the longest the server's event loop was held during the publishes
 * (a page request waits at most that long). Run `npm run build` first. The aim: at most 10 s.
 *
 * BENCH_OWNER_PAGES=100 adds that many of the owner's pages to the working copy first (copies of
 * content/pages/press.yaml on their own paths), each rendered, carded and served on every publish.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseDocument } from 'yaml';
import { buildPaths } from '../server/build-paths';
import { openStore } from '../server/db/store';
import { inviteOwner } from '../server/owner/owner-invites';
import { createPublisher } from '../server/owner/publish/publisher';
import { ensureWorkingCopy } from '../server/owner/working-copy';
import { loadSite } from '../server/site';
import { median } from './median';

const runs = Number(process.env.BENCH_RUNS ?? 5);
const ownerPages = Number(process.env.BENCH_OWNER_PAGES ?? 0);
const dataDir = mkdtempSync(join(tmpdir(), 'publish-bench-'));
const store = await openStore({ DATA_DIR: dataDir, DATABASE_URL: undefined });
const quiet = { info: () => {}, warn: () => {}, error: console.error };

try {
  const working = await ensureWorkingCopy(dataDir, join(buildPaths.root, 'content'));
  const sample = readFileSync(join(working, 'pages/press.yaml'), 'utf8');
  for (let index = 1; index <= ownerPages; index++) {
    const page = parseDocument(sample);
    page.setIn(['name'], `Generated ${index}`);
    page.setIn(['path'], `/generated-${index}`);
    // Each its own share card, as an owner's pages would have.
    page.setIn(['card', 'headline'], `Generated page number ${index}`);
    writeFileSync(join(working, `pages/generated-${index}.yaml`), String(page));
  }
  const site = await loadSite();
  const publisher = createPublisher({
    store,
    logger: quiet,
    site,
    calendar: null,
    dataDir,
    workingCopy: async () => working,
    followEveryMs: 3_600_000,
  });
  const { owner } = await inviteOwner(store, 'Bench', Date.now());
  const homeFile = join(working, 'home.yaml');
  const loop = monitorEventLoopDelay({ resolution: 10 });

  console.log(
    `Publishing ${runs} times, with ${ownerPages} generated owner pages, on ${cpus().length} cores (load average ${loadavg()[0]?.toFixed(2)})`,
  );
  const times: number[] = [];
  for (let run = 1; run <= runs; run++) {
    const document = parseDocument(readFileSync(homeFile, 'utf8'));
    document.setIn(['hero', 'sub'], `Benchmark headline ${run} at ${Date.now()}.`);
    writeFileSync(homeFile, String(document));
    loop.enable();
    const started = performance.now();
    const result = await publisher.publish(owner.id, Date.now());
    const ms = performance.now() - started;
    loop.disable();
    if (!result.ok) throw new Error(`publish ${run} failed: ${JSON.stringify(result)}`);
    const served = site.pages.get('home')?.body.toString('utf8') ?? '';
    if (!served.includes(`Benchmark headline ${run} `))
      throw new Error('the new words are not served');
    if (ownerPages > 0 && !site.pages.has(`pages/generated-${ownerPages}`))
      throw new Error('the generated pages are not served');
    times.push(ms);
    console.log(`  publish ${run}: ${(ms / 1000).toFixed(2)} s (version ${result.version.number})`);
  }
  publisher.stop();
  const sorted = [...times].sort((a, b) => a - b);
  const worst = sorted.at(-1) ?? 0;
  console.log(
    `\nPublish: median ${(median(times) / 1000).toFixed(2)} s, worst ${(worst / 1000).toFixed(2)} s (aim: at most 10 s)`,
  );
  console.log(
    `Server's event loop during the publishes: p99 ${(loop.percentile(99) / 1e6).toFixed(1)} ms, longest ${(loop.max / 1e6).toFixed(1)} ms (the render runs in a child process)`,
  );
  if (worst > 10_000) process.exitCode = 1;
} finally {
  await store.close();
  rmSync(dataDir, { recursive: true, force: true });
}
