/**
 * `npm run bench:lighthouse`: Lighthouse (mobile, its default) against the built home page on
 * the real server, offline. Prints performance, accessibility, LCP, TBT and CLS. Run
 * `npm run build` first. Not part of `npm test`: the scores vary with the machine.
 *
 * Env: CHROME_PATH (default /usr/bin/chromium), LIGHTHOUSE_PORT (default 4181),
 * LIGHTHOUSE_PATH (default /), LIGHTHOUSE_REPORT (a file to write the full JSON report to).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { buildPaths } from './build-paths';

const port = Number(process.env.LIGHTHOUSE_PORT ?? 4181);
const path = process.env.LIGHTHOUSE_PATH ?? '/';
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const origin = `http://localhost:${port}`;

if (!existsSync(buildPaths.info)) {
  console.error('No build found: run `npm run build` first.');
  process.exit(1);
}

async function waitForServer(server: ChildProcess): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt++) {
    if (server.exitCode !== null) throw new Error(`The server exited (${server.exitCode})`);
    const ok = await fetch(`${origin}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`The server did not answer on ${origin}`);
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
  try {
    const result = await lighthouse(`${origin}${path}`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
    });
    if (!result) throw new Error('Lighthouse returned no result');
    const report = process.env.LIGHTHOUSE_REPORT;
    if (report) writeFileSync(report, JSON.stringify(result.lhr));
    const { categories, audits } = result.lhr;
    const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
    const rows = {
      performance: score('performance'),
      accessibility: score('accessibility'),
      LCP: audits['largest-contentful-paint']?.displayValue,
      TBT: audits['total-blocking-time']?.displayValue,
      CLS: audits['cumulative-layout-shift']?.displayValue,
      FCP: audits['first-contentful-paint']?.displayValue,
    };
    console.log(`Lighthouse (mobile) ${origin}${path}`);
    for (const [name, value] of Object.entries(rows)) console.log(`  ${name.padEnd(14)} ${value}`);
    const failed = audits
      ? Object.values(audits).filter(
          (audit) =>
            audit.scoreDisplayMode === 'binary' &&
            audit.score === 0 &&
            categories.accessibility?.auditRefs.some((ref) => ref.id === audit.id),
        )
      : [];
    for (const audit of failed) console.log(`  accessibility: ${audit.id} — ${audit.title}`);
  } finally {
    chrome.kill();
  }
} finally {
  server.kill();
}
