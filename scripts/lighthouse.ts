/**
 * `npm run bench:lighthouse`: Lighthouse 12 (mobile preset, its default) on the built site served
 * by the real server, offline, in Debian's Chromium. For each page it runs the page as shipped
 * and the same HTML with every script blocked, interleaved in one session, and prints medians:
 * the scripts' cost is the gap between the two (aim: LCP within 10%, TBT within 10 ms).
 * Run `npm run build` first. Not part of `npm test`: absolute figures vary with the machine.
 *
 * Env: LIGHTHOUSE_PAGES (page ids, comma-separated; default every page), LIGHTHOUSE_RUNS
 * (default 5), CHROME_PATH (default /usr/bin/chromium), LIGHTHOUSE_PORT (default 4181),
 * LIGHTHOUSE_REPORT (a folder to write every full JSON report to, for diagnosis).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { launch } from 'chrome-launcher';
import lighthouse, { type Flags, type Result } from 'lighthouse';
import { siteOrigins } from '../contracts/sites';
import { buildPaths } from '../server/build-paths';
import { namedHosts, parseEnv } from '../server/env';
import { canonicalUrl, type PageId, pageIds } from '../src/routes';

const port = Number(process.env.LIGHTHOUSE_PORT ?? 4181);
const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 5);
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const reportDir = process.env.LIGHTHOUSE_REPORT;
// Lighthouse refuses to audit a document answered with 404 (ERRORED_DOCUMENT_REQUEST), so the
// 404 page is left out unless named; its HTML is the same kind of page as the legal ones.
const defaultPages = pageIds.filter((id) => id !== 'not-found');
const pages = (process.env.LIGHTHOUSE_PAGES?.split(',') ?? defaultPages).map((id) => {
  if (!pageIds.includes(id as PageId)) throw new Error(`LIGHTHOUSE_PAGES: unknown page "${id}"`);
  return id as PageId;
});

if (!existsSync(buildPaths.info)) {
  console.error('No build found: run `npm run build` first.');
  process.exit(1);
}

/** Each page at its canonical host and path on the bench server (the 404 page at a made-up path). */
function pageUrl(page: PageId): string {
  const origins = siteOrigins(`http://localhost:${port}`, namedHosts(parseEnv({})));
  return canonicalUrl(page, origins) ?? `${origins.main}/no-such-page`;
}

async function waitForServer(server: ChildProcess): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt++) {
    if (server.exitCode !== null) throw new Error(`The server exited (${server.exitCode})`);
    const ok = await fetch(`http://localhost:${port}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`The server did not answer on port ${port}`);
}

interface Figures {
  performance: number;
  accessibility: number;
  lcp: number;
  tbt: number;
  cls: number;
  /** Main-thread time spent evaluating script (Lighthouse's bootup-time total). */
  scriptEval: number;
  /** Bytes of JavaScript on the wire for the page load. */
  scriptBytes: number;
}

function figures(lhr: Result): Figures {
  const { categories, audits } = lhr;
  const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
  const numeric = (id: string) => audits[id]?.numericValue ?? Number.NaN;
  const scriptRow = (
    audits['resource-summary']?.details as
      | { items?: Array<{ resourceType: string; transferSize: number }> }
      | undefined
  )?.items?.find((item) => item.resourceType === 'script');
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    lcp: numeric('largest-contentful-paint'),
    tbt: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    scriptEval: numeric('bootup-time'),
    scriptBytes: scriptRow?.transferSize ?? 0,
  };
}

const median = (values: number[]) => {
  const sorted = values.filter((value) => !Number.isNaN(value)).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
};

function medians(samples: Figures[]): Figures {
  const keys = Object.keys(samples[0] ?? {}) as Array<keyof Figures>;
  return Object.fromEntries(
    keys.map((key) => [key, median(samples.map((sample) => sample[key]))]),
  ) as unknown as Figures;
}

const server = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
  cwd: buildPaths.root,
  stdio: ['ignore', 'ignore', 'inherit'],
  env: {
    ...process.env,
    PORT: String(port),
    BIND_ADDRESS: '127.0.0.1',
    LOG_LEVEL: 'warn',
    DATA_DIR: `${process.env.TMPDIR ?? '/tmp'}/founder-site-lighthouse-${port}`,
  },
});

try {
  await waitForServer(server);
  const chrome = await launch({
    chromePath,
    chromeFlags: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  if (reportDir) mkdirSync(reportDir, { recursive: true });
  const rows: Array<{ page: PageId; shipped: Figures; noScript: Figures; failures: number }> = [];
  try {
    for (const page of pages) {
      const url = pageUrl(page);
      const shipped: Figures[] = [];
      const noScript: Figures[] = [];
      let failures = 0;
      for (let run = 0; run < runs; run++) {
        // Interleaved, so both variants see the same machine load.
        for (const variant of ['shipped', 'no-script'] as const) {
          const flags: Flags = {
            port: chrome.port,
            output: 'json',
            logLevel: 'error',
            onlyCategories: ['performance', 'accessibility'],
            ...(variant === 'no-script' ? { blockedUrlPatterns: ['*.js'] } : {}),
          };
          const result = await lighthouse(url, flags);
          const lhr = result?.lhr;
          if (!lhr || lhr.runtimeError) {
            failures++;
            console.error(`  ${page} ${variant}: ${lhr?.runtimeError?.code ?? 'no result'}`);
            continue;
          }
          if (reportDir) {
            writeFileSync(join(reportDir, `${page}-${variant}-${run}.json`), JSON.stringify(lhr));
          }
          (variant === 'shipped' ? shipped : noScript).push(figures(lhr));
        }
      }
      const row = { page, shipped: medians(shipped), noScript: medians(noScript), failures };
      rows.push(row);
      console.error(`  ${page}: done (${shipped.length}+${noScript.length} runs)`);
    }
  } finally {
    chrome.kill();
  }

  const ms = (value: number) => (Number.isNaN(value) ? '—' : `${Math.round(value)}`);
  const fixed = (value: number | undefined, digits: number) =>
    value === undefined || Number.isNaN(value) ? '—' : value.toFixed(digits);
  console.log(
    `\nLighthouse mobile, medians of ${runs} runs per variant (no-JS: every script blocked)\n`,
  );
  console.log(
    '| page | perf | a11y | LCP ms | LCP no-JS | LCP ratio | TBT ms | TBT no-JS | CLS | script eval ms | JS KB (wire) | failed runs |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|---|---|');
  for (const { page, shipped, noScript, failures } of rows) {
    console.log(
      `| ${page} | ${shipped.performance} | ${shipped.accessibility} | ${ms(shipped.lcp)} | ${ms(noScript.lcp)} | ${fixed(shipped.lcp / noScript.lcp, 2)} | ${ms(shipped.tbt)} | ${ms(noScript.tbt)} | ${fixed(shipped.cls, 3)} | ${ms(shipped.scriptEval)} | ${fixed(shipped.scriptBytes / 1024, 1)} | ${failures} |`,
    );
  }
} finally {
  server.kill();
}
