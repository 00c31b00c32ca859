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
 *
 * BENCH_POSTS=500 adds an archive of that many posts to the working copy first (one a week over
 * nearly ten years, scripts/generated-posts.ts), each with its page, its card, its tags' pages,
 * its place in the index's pages and the feeds, rendered and served on every publish. It first
 * times a whole build of that working copy (`npm run build` with CONTENT_DIR, into a temporary
 * BUILD_DIR: the build of a site with that archive), then publishes on that build, as the
 * owner would on a site deployed with the archive (no `npm run build` needed). The aim for both
 * with an archive: at most 30 s.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseDocument } from 'yaml';
import { repositoryRoot } from '../server/env';
import { ensureWorkingCopy } from '../server/features/room/working-copy';
import { writeGeneratedPosts } from './generated-posts';
import { median } from './median';

const runs = Number(process.env.BENCH_RUNS ?? 5);
const ownerPages = Number(process.env.BENCH_OWNER_PAGES ?? 0);
const postCount = Number(process.env.BENCH_POSTS ?? 0);
/** The aims: a publish, and with an archive of posts a build or a publish. */
const aimMs = postCount > 0 ? 30_000 : 10_000;
const dataDir = mkdtempSync(join(tmpdir(), 'publish-bench-'));
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const load = () => `load average ${loadavg()[0]?.toFixed(2)}`;

/**
 * A whole build of `contentDir`, as `npm run build` runs it, into a temporary BUILD_DIR; answers
 * its time and the build. The directory, outside the repository, gets what the built server
 * bundles need from it: node_modules to import from, and a package.json saying they are ES
 * modules.
 */
function timedBuild(contentDir: string): { ms: number; dir: string; dist: string } {
  const dir = mkdtempSync(join(tmpdir(), 'publish-bench-build-'));
  const dist = join(dir, 'dist');
  symlinkSync(join(repositoryRoot, 'node_modules'), join(dir, 'node_modules'), 'dir');
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ type: 'module' }));
  console.log(`Building the working copy into ${dist} (${load()})`);
  const started = performance.now();
  const build = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/build.ts'], {
    cwd: repositoryRoot,
    env: { ...process.env, CONTENT_DIR: contentDir, BUILD_DIR: dist },
    encoding: 'utf8',
    maxBuffer: 16 * 1024 * 1024,
  });
  const ms = performance.now() - started;
  if (build.status !== 0) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`the build failed (${build.status}):\n${build.stderr}`);
  }
  const lines = build.stdout.split('\n');
  const at = lines.findIndex((line) => line.startsWith('Built '));
  // The build's summary and, under it, where its time went.
  const built = at < 0 ? '' : `${lines[at]}\n${lines[at + 1] ?? ''}`;
  console.log(`  ${seconds(ms)} (aim: at most ${aimMs / 1000} s): ${built}`);
  return { ms, dir, dist };
}

let build: ReturnType<typeof timedBuild> | null = null;
try {
  const working = await ensureWorkingCopy(dataDir, join(repositoryRoot, 'content'));
  const sample = readFileSync(join(working, 'pages/press.yaml'), 'utf8');
  for (let index = 1; index <= ownerPages; index++) {
    const page = parseDocument(sample);
    page.setIn(['name'], `Generated ${index}`);
    page.setIn(['path'], `/generated-${index}`);
    // Each its own share card, as an owner's pages would have.
    page.setIn(['card', 'headline'], `Generated page number ${index}`);
    writeFileSync(join(working, `pages/generated-${index}.yaml`), String(page));
  }
  const posts = await writeGeneratedPosts(working, postCount, Date.now());
  if (posts.length > 0) {
    build = timedBuild(working);
    // The publishes run on that build: the render child and the server's modules below find it
    // by BUILD_DIR (server/build-paths.ts reads it as it loads).
    process.env.BUILD_DIR = build.dist;
  }
  const { openStore } = await import('../server/store');
  const { inviteOwner, createPublisher } = await import('../server/features/room');
  const { newsletterHook } = await import('../server/features/writing');
  const { loadSite } = await import('../server/site');

  const store = await openStore({ DATA_DIR: dataDir, DATABASE_URL: undefined });
  try {
    const quiet = { info: () => {}, warn: () => {}, error: console.error };
    const site = await loadSite();
    const options = {
      store,
      logger: quiet,
      site,
      dataDir,
      workingCopy: async () => working,
      followEveryMs: 3_600_000,
      // No Kit: the posts marked as newsletters are published, and no email is made.
      hooks: [newsletterHook({ store, origin: 'http://localhost:4173', kit: false })],
    };
    const publisher = createPublisher(options);
    const { owner } = await inviteOwner(store, 'Bench', Date.now());
    const homeFile = join(working, 'home.yaml');
    const loop = monitorEventLoopDelay({ resolution: 10 });

    console.log(
      `Publishing ${runs} times, with ${ownerPages} generated owner pages and ${posts.length} generated posts, on ${cpus().length} cores (${load()})`,
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
      const oldest = posts.at(-1);
      if (oldest && !site.pages.has(`posts/${oldest.slug}`))
        throw new Error('the generated posts are not served');
      times.push(ms);
      console.log(`  publish ${run}: ${seconds(ms)} (version ${result.version.number}, ${load()})`);
    }
    publisher.stop();
    const sorted = [...times].sort((a, b) => a - b);
    const worst = sorted.at(-1) ?? 0;
    console.log(
      `\nPublish: median ${seconds(median(times))}, worst ${seconds(worst)} (aim: at most ${aimMs / 1000} s)`,
    );
    if (build) {
      console.log(
        `Build with the ${posts.length} posts: ${seconds(build.ms)} (aim: at most ${aimMs / 1000} s)`,
      );
    }
    console.log(
      `Server's event loop during the publishes: p99 ${(loop.percentile(99) / 1e6).toFixed(1)} ms, longest ${(loop.max / 1e6).toFixed(1)} ms (the render runs in a child process)`,
    );
    if (worst > aimMs || (build?.ms ?? 0) > aimMs) process.exitCode = 1;
  } finally {
    await store.close();
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
  if (build) rmSync(build.dir, { recursive: true, force: true });
}
