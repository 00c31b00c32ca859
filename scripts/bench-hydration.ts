/**
 * `npm run bench:hydration`: how long our scripts hold the main thread while a page comes alive,
 * under a 4× slower CPU (Lighthouse's mobile setting), against an earlier commit in the same
 * session. A visitor's page loads, the mouse moves and every island is scrolled into view in
 * turn; the browser's Long Animation Frames API names each script that ran in a frame over
 * 50 ms, and the table gives, per run, the longest such script of ours and what it was. A
 * benchmark, not a timed test: absolute times vary with the machine. Playwright drives Chromium
 * over the DevTools protocol, which makes React DOM's evaluation (hydrate-root's row) about 4×
 * longer than in a visitor's browser: `npm run bench:evaluation` measures both.
 *
 * Env: HYDRATION_BASE (a commit; default HEAD), HYDRATION_PAGES (default home,waitlist,handbook),
 * HYDRATION_RUNS (default 5), HYDRATION_PORT (default 4201; the base on the next port), CHROMIUM_PATH.
 */
import { type Browser, chromium } from '@playwright/test';
import { type SystemPageId, systemPageIds } from '../contracts/routes';
import { pathSettings } from '../server/env';
import { checkOutBase, pageUrl, serveSite } from './bench-sites';

const port = Number(process.env.HYDRATION_PORT ?? 4201);
const base = process.env.HYDRATION_BASE ?? 'HEAD';
const runs = Number(process.env.HYDRATION_RUNS ?? 5);
const pages = (process.env.HYDRATION_PAGES ?? 'home,waitlist,handbook').split(',').map((id) => {
  if (!systemPageIds.includes(id as SystemPageId))
    throw new Error(`HYDRATION_PAGES: unknown page "${id}"`);
  return id as SystemPageId;
});

interface Script {
  duration: number;
  what: string;
}

/** The scripts that ran in long animation frames while the page came alive. */
async function longScripts(browser: Browser, url: string): Promise<Script[]> {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.addInitScript(() => {
    const seen: Array<{ duration: number; what: string }> = [];
    (window as unknown as { longScripts: typeof seen }).longScripts = seen;
    new PerformanceObserver((list) => {
      for (const frame of list.getEntries() as unknown as Array<{
        scripts: Array<{ duration: number; sourceURL: string; invoker: string }>;
      }>) {
        for (const script of frame.scripts) {
          const file = script.sourceURL.replace(/^.*\/assets\//, '').replace(/-[\w-]{8}\.js$/, '');
          seen.push({ duration: script.duration, what: `${file} (${script.invoker})` });
        }
      }
    }).observe({ type: 'long-animation-frame', buffered: true });
  });
  await page.goto(url, { waitUntil: 'load' });
  await page.mouse.move(10, 10);
  await page.mouse.move(80, 80);
  for (const island of await page.locator('[data-island-root]').all()) {
    await island.evaluate((root) => root.firstElementChild?.scrollIntoView({ block: 'center' }));
    await page.waitForTimeout(700);
  }
  await page.waitForTimeout(1500);
  const scripts = await page.evaluate(
    () => (window as unknown as { longScripts: Script[] }).longScripts,
  );
  await context.close();
  // Ours: served from the site's assets (the page's own scripts, not the browser's or a tag's).
  return scripts.filter((script) => !script.what.startsWith('http') && script.what !== ' ()');
}

const longest = (scripts: Script[]) =>
  scripts.reduce<Script | null>(
    (top, script) => (top && top.duration >= script.duration ? top : script),
    null,
  );

const server = await serveSite(port);
const baseServer = await serveSite(port + 1, checkOutBase(base));
const browser = await chromium.launch({
  executablePath: pathSettings().CHROMIUM_PATH,
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  console.log(`\nOur longest script in a long animation frame, 4× CPU slowdown; base: ${base}\n`);
  console.log('| page | run | this tree ms | what | base ms | what |');
  console.log('|---|---|---|---|---|---|');
  for (const page of pages) {
    const url = pageUrl(page, port);
    for (let run = 1; run <= runs; run++) {
      const now = longest(await longScripts(browser, url));
      const before = longest(await longScripts(browser, url.replace(`:${port}/`, `:${port + 1}/`)));
      const cell = (script: Script | null) =>
        script ? `${Math.round(script.duration)} | ${script.what}` : '0 | none over 50 ms';
      console.log(`| ${page} | ${run} | ${cell(now)} | ${cell(before)} |`);
    }
  }
} finally {
  await browser.close();
  await Promise.all([server.stop(), baseServer.stop()]);
}
