/**
 * `npm run bench:evaluation`: how long evaluating React DOM takes (the one task of ours near 50 ms
 * under a 4× slower CPU), in a browser with and without the DevTools protocol
 * attached. Every other benchmark here drives Chromium through that protocol (Lighthouse,
 * Playwright), and with it attached V8 records a detailed stack for every Error object: React
 * DOM makes five at its top level, inside the one ~200 KB function the bundler wraps it in, so V8
 * parses that function again to find source positions. A visitor's browser has no protocol
 * attached; this measures the difference (decision 022).
 *
 * A page of its own loads React DOM's modules (modulepreload), waits for them to compile, then
 * imports them and reports the time. Without the protocol, Chromium runs headless as a plain
 * process and the page reports over HTTP; with it, Playwright loads the same page, at 1× and 4×.
 * Uses the existing build (`npm run build` first). Env: EVALUATION_RUNS (default 7), CHROMIUM_PATH.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { buildPaths } from '../server/build-paths';
import { pathSettings } from '../server/env';
import { readClientManifest } from './client-manifest';
import { median } from './median';

const runs = Number(process.env.EVALUATION_RUNS ?? 7);
const chromePath = pathSettings().CHROMIUM_PATH;

/** The chunk that hydrates islands (React DOM's entry point), then every chunk it imports. */
async function reactChunks(): Promise<string[]> {
  const manifest = await readClientManifest();
  const key = 'src/islands/hydrate-root.tsx';
  const entry = manifest.chunk(key);
  if (!entry) throw new Error(`No ${key} in the build: run \`npm run build\` first`);
  return [`/${entry.file}`, ...manifest.importsOf(key)];
}

const chunks = await reactChunks();
const page = `<!doctype html><html><head><title>evaluating</title>${chunks
  .map((chunk) => `<link rel="modulepreload" href="${chunk}">`)
  .join('')}</head><body><script type="module">
await new Promise((resolve) => setTimeout(resolve, 1500));
const start = performance.now();
await import('${chunks[0]}');
const ms = (performance.now() - start).toFixed(1);
document.title = 'evaluated ' + ms;
await fetch('/report?ms=' + ms);
</script></body></html>`;

const reports: Array<(ms: number) => void> = [];
const server = createServer((request, response) => {
  const url = new URL(request.url ?? '/', 'http://localhost');
  if (url.pathname === '/') {
    response.writeHead(200, { 'Content-Type': 'text/html' }).end(page);
  } else if (url.pathname === '/report') {
    reports.shift()?.(Number(url.searchParams.get('ms')));
    response.writeHead(204).end();
  } else if (/^\/assets\/[\w-]+\.js$/.test(url.pathname)) {
    response
      .writeHead(200, { 'Content-Type': 'text/javascript' })
      .end(readFileSync(join(buildPaths.client, url.pathname)));
  } else {
    response.writeHead(404).end();
  }
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;

/** One load in Chromium as a plain process: no DevTools protocol, no CPU slowdown. */
async function withoutProtocol(): Promise<number> {
  const profile = mkdtempSync(join(tmpdir(), 'founder-site-evaluation-'));
  const reported = new Promise<number>((resolve) => reports.push(resolve));
  const browser = spawn(
    chromePath,
    ['--headless', '--no-sandbox', '--disable-gpu', `--user-data-dir=${profile}`, origin],
    // A process group of its own, so that its renderer and helpers stop with it.
    { stdio: 'ignore', detached: true },
  );
  try {
    return await Promise.race([
      reported,
      new Promise<number>((_, reject) =>
        setTimeout(() => reject(new Error('no report from Chromium in 30 s')), 30_000),
      ),
    ]);
  } finally {
    const exited = once(browser, 'exit');
    process.kill(-(browser.pid as number), 'SIGKILL');
    await exited;
    rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
  }
}

const playwright = await chromium.launch({
  executablePath: chromePath,
  args: ['--no-sandbox', '--disable-gpu'],
});
/** One load through Playwright, which drives Chromium over the DevTools protocol. */
async function withProtocol(cpuSlowdown: number): Promise<number> {
  const context = await playwright.newContext();
  try {
    const tab = await context.newPage();
    const cdp = await context.newCDPSession(tab);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
    await tab.goto(origin);
    await tab.waitForFunction(() => document.title.startsWith('evaluated '), null, {
      timeout: 30_000,
    });
    return Number((await tab.title()).slice('evaluated '.length));
  } finally {
    await context.close();
  }
}

const row = (label: string, values: number[]) =>
  `| ${label} | ${median(values).toFixed(1)} | ${Math.min(...values).toFixed(1)}–${Math.max(...values).toFixed(1)} |`;

try {
  const plain: number[] = [];
  const attached: number[] = [];
  const attachedSlow: number[] = [];
  // Interleaved, so each way sees the same machine load.
  for (let run = 0; run < runs; run++) {
    plain.push(await withoutProtocol());
    attached.push(await withProtocol(1));
    attachedSlow.push(await withProtocol(4));
  }
  console.log(
    `\nEvaluating React DOM (${chunks.join(', ')}), ms, ${runs} loads each\n\n| browser | median | range |\n|---|---|---|`,
  );
  console.log(row('no DevTools protocol (a visitor), 1× CPU', plain));
  console.log(row('DevTools protocol attached, 1× CPU', attached));
  console.log(row('DevTools protocol attached, 4× CPU (as the other benchmarks)', attachedSlow));
  console.log(
    `\nA visitor's task under a 4× slower CPU is about 4 × ${median(plain).toFixed(1)} = ${(4 * median(plain)).toFixed(0)} ms.`,
  );
} finally {
  await playwright.close();
  server.close();
}
