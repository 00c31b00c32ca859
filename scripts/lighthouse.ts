import { createReadStream, existsSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { launch } from 'chrome-launcher';
import lighthouse, { type Flags, type Result } from 'lighthouse';
import { isIndexed, type PageId, type SystemPageId } from '../contracts/routes';
import { buildPaths } from '../server/build-paths';
import { pathSettings } from '../server/env';
import {
  benchOwnerRoutes,
  benchPages,
  checkOutBase,
  pageUrl,
  serveSite,
  serveWithoutScripts,
} from './bench-sites';
import { chromiumFlags } from './chromium-flags';
import { largestPaintWaits, type PaintWait } from './lantern-waits';
import { load } from './load';
import { median } from './median';

const port = Number(process.env.LIGHTHOUSE_PORT ?? 4181);
const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 5);
const chromePath = pathSettings().CHROMIUM_PATH;
const reportDir = process.env.LIGHTHOUSE_REPORT;
const base = process.env.LIGHTHOUSE_BASE;

/**
 * Bytes on the wire that arrive before the largest paint, per page: the most the first screen
 * may cost (HTML, stylesheet, the two first-paint fonts, the LCP image, the ~1 KB start-up
 * script). The first-paint work's figures plus a few KB; each was 85–102 KB before the fonts
 * were cut and the page's code moved after the first paint (decision 022). A page over its
 * budget is marked.
 */
const beforeLcpBudgetKb: Record<SystemPageId, number> = {
  home: 80,
  waitlist: 56,
  book: 66,
  'thank-you': 55,
  handbook: 56,
  workshop: 61,
  // Like a legal page: words and two links, no picture.
  'workshop-booked': 56,
  'workshop-sold-out': 56,
  'workshop-retry': 56,
  cohort: 61,
  // Words and the application form, no picture; its island's code loads after the first paint.
  'cohort-apply': 61,
  // Words and a link, as the pages after the workshop's checkout.
  'cohort-offer': 56,
  terms: 56,
  privacy: 58,
  cookies: 57,
  'not-found': 56,
};
// Lighthouse refuses to audit a document answered with 404 (ERRORED_DOCUMENT_REQUEST), so the
// 404 page is left out unless named; its HTML is the same kind of page as the legal ones.
const pages = benchPages('LIGHTHOUSE_PAGES', (id) => id !== 'not-found');
/** The owner's pages are made of the system pages' sections: the larger sections' budget. */
const ownerPageBudgetKb = 66;

const byteTypes = ['document', 'script', 'stylesheet', 'font', 'image', 'total'] as const;
type ByteType = (typeof byteTypes)[number];

interface Figures {
  fcp: number;
  /**
   * The longest main-thread task that Lighthouse puts down to one of our scripts (its long-tasks,
   * over 50 ms under its 4× CPU slowdown; 0 when none is).
   */
  longestTask: number;
  /** The longest task put down to the page itself: parsing, style and layout of its HTML. */
  longestPageTask: number;
  /** Bytes of the requests finished by the observed largest paint. */
  beforeLcp: number;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcp: number;
  tbt: number;
  cls: number;
  /** Main-thread time spent evaluating script (Lighthouse's bootup-time total). */
  scriptEval: number;
  /** Bytes on the wire for the page load, by resource type. */
  bytes: Record<ByteType, number>;
}

function figures(lhr: Result): Figures {
  const { categories, audits } = lhr;
  const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
  const numeric = (id: string) => audits[id]?.numericValue ?? Number.NaN;
  const summary =
    (
      audits['resource-summary']?.details as
        | { items?: Array<{ resourceType: string; transferSize: number }> }
        | undefined
    )?.items ?? [];
  const bytes = Object.fromEntries(
    byteTypes.map((type) => [
      type,
      summary.find((item) => item.resourceType === type)?.transferSize ?? 0,
    ]),
  ) as Record<ByteType, number>;
  const requests =
    (
      audits['network-requests']?.details as
        | { items?: Array<{ networkEndTime?: number; transferSize?: number }> }
        | undefined
    )?.items ?? [];
  const observed = (
    audits.metrics?.details as { items?: Array<{ observedLargestContentfulPaint?: number }> }
  )?.items?.[0]?.observedLargestContentfulPaint;
  const tasks =
    (
      audits['long-tasks']?.details as
        | { items?: Array<{ url?: string; duration: number }> }
        | undefined
    )?.items ?? [];
  const ours = (task: { url?: string }) => /\/assets\/[^/]+\.js$/.test(task.url ?? '');
  // The page's own: the document's parsing, style and layout ("Unattributable" or its URL), not
  // a script of Lighthouse's own (_lighthouse-eval.js) or of another site's.
  const page = (task: { url?: string }) => !/\.js$/.test(task.url ?? '');
  const longestOf = (list: Array<{ duration: number }>) =>
    Math.max(0, ...list.map((task) => task.duration));
  return {
    fcp: numeric('first-contentful-paint'),
    longestTask: longestOf(tasks.filter(ours)),
    longestPageTask: longestOf(tasks.filter(page)),
    beforeLcp:
      observed === undefined
        ? Number.NaN
        : requests
            .filter((request) => (request.networkEndTime ?? Number.POSITIVE_INFINITY) <= observed)
            .reduce((sum, request) => sum + (request.transferSize ?? 0), 0),
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    lcp: numeric('largest-contentful-paint'),
    tbt: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    scriptEval: numeric('bootup-time'),
    bytes,
  };
}

function medians(samples: Figures[]): Figures {
  const of = (pick: (sample: Figures) => number) => median(samples.map(pick));
  return {
    fcp: of((sample) => sample.fcp),
    longestTask: of((sample) => sample.longestTask),
    longestPageTask: of((sample) => sample.longestPageTask),
    beforeLcp: of((sample) => sample.beforeLcp),
    performance: of((sample) => sample.performance),
    accessibility: of((sample) => sample.accessibility),
    bestPractices: of((sample) => sample.bestPractices),
    seo: of((sample) => sample.seo),
    lcp: of((sample) => sample.lcp),
    tbt: of((sample) => sample.tbt),
    cls: of((sample) => sample.cls),
    scriptEval: of((sample) => sample.scriptEval),
    bytes: Object.fromEntries(
      byteTypes.map((type) => [type, of((sample) => sample.bytes[type])]),
    ) as Record<ByteType, number>,
  };
}

/**
 * The reference for serving speed: Node's own HTTP server handing out the same precompressed
 * page from disk, with no routing, headers or logging of ours.
 */
function startPlainStaticServer(): Promise<{ url: string; close: () => void }> {
  const server = createServer((request, response) => {
    const file = join(buildPaths.pages, `${(request.url ?? '/').slice(1)}.br`);
    if (!/^\/[\w-]+\.html$/.test(request.url ?? '') || !existsSync(file)) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, {
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Encoding': 'br',
      'Content-Length': statSync(file).size,
    });
    createReadStream(file).pipe(response);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        close: () => server.close(),
      }),
    ),
  );
}

const server = await serveSite(port);
const baseServer = base ? await serveSite(port + 1, checkOutBase(base)) : null;
/** The same page on the base commit's server. */
const baseUrl = (url: string) => url.replace(`:${port}/`, `:${port + 1}/`);
const withoutScripts = await serveWithoutScripts(port + 2, port);
/** The same page with every `<script>` element taken out of its HTML. */
const noScriptUrl = (url: string) => url.replace(`:${port}/`, `:${port + 2}/`);

try {
  const chrome = await launch({
    chromePath,
    chromeFlags: ['--headless', ...chromiumFlags],
  });
  if (reportDir) mkdirSync(reportDir, { recursive: true });
  const rows: Array<{
    page: PageId;
    shipped: Figures;
    noScript: Figures;
    base: Figures | null;
    failures: string[];
    /** What the last shipped run's simulated LCP waited for. */
    waits: PaintWait[];
  }> = [];
  try {
    for (const page of pages) {
      const url = pageUrl(page, port);
      const shipped: Figures[] = [];
      const noScript: Figures[] = [];
      const baseRuns: Figures[] = [];
      const failures: string[] = [];
      let waits: PaintWait[] = [];
      const variants = baseServer
        ? (['shipped', 'no-script', 'base'] as const)
        : (['shipped', 'no-script'] as const);
      for (let run = 0; run < runs; run++) {
        // Interleaved, so every variant sees the same machine load.
        for (const variant of variants) {
          const flags: Flags = {
            port: chrome.port,
            output: 'json',
            logLevel: 'error',
            onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
          };
          const result = await lighthouse(
            variant === 'base' ? baseUrl(url) : variant === 'no-script' ? noScriptUrl(url) : url,
            flags,
          );
          const lhr = result?.lhr;
          if (!lhr || lhr.runtimeError) {
            failures.push(`${variant}: ${lhr?.runtimeError?.code ?? 'no result'}`);
            continue;
          }
          if (reportDir) {
            // A nested page id ("pages/press", "writing/tags/hiring") as one file name.
            const name = `${page.replaceAll('/', '-')}-${variant}-${run}.json`;
            writeFileSync(join(reportDir, name), JSON.stringify(lhr));
          }
          ({ shipped, 'no-script': noScript, base: baseRuns })[variant].push(figures(lhr));
          if (variant === 'shipped' && result) waits = await largestPaintWaits(result);
        }
      }
      rows.push({
        page,
        shipped: medians(shipped),
        noScript: medians(noScript),
        base: baseServer ? medians(baseRuns) : null,
        failures,
        waits,
      });
      console.error(
        `  ${page}: done (${shipped.length}+${noScript.length}+${baseRuns.length} runs)`,
      );
    }
  } finally {
    chrome.kill();
  }

  const whole = (value: number) => (Number.isNaN(value) ? '—' : `${Math.round(value)}`);
  const kb = (bytes: number) => (Number.isNaN(bytes) ? '—' : (bytes / 1024).toFixed(1));
  /** A figure with a mark where it misses its budget or aim. */
  const judged = (text: string, ok: boolean) => (ok ? text : `**${text}** ✗`);
  console.log(
    `\nLighthouse mobile, medians of ${runs} runs per variant; tags configured, no consent; no-JS: the same HTML without its <script> elements\n`,
  );
  console.log(
    '| page | perf | a11y | best pr. | SEO | LCP ms | no-JS | ratio | TBT ms | no-JS | CLS | script eval ms | KB: JS | CSS | font | img | doc | total | failed runs |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|');
  for (const { page, shipped: s, noScript: n, failures } of rows) {
    const ratio = s.lcp / n.lcp;
    const cells = [
      page,
      judged(whole(s.performance), s.performance >= 98),
      judged(whole(s.accessibility), s.accessibility === 100),
      judged(whole(s.bestPractices), s.bestPractices === 100),
      // A page kept out of search on purpose (noindex) loses Lighthouse's "is crawlable" points.
      isIndexed(page, benchOwnerRoutes)
        ? judged(whole(s.seo), s.seo === 100)
        : `${whole(s.seo)} (noindex)`,
      whole(s.lcp),
      whole(n.lcp),
      // What the page's scripts cost its largest paint: at most 5 %.
      judged(Number.isNaN(ratio) ? '—' : ratio.toFixed(2), ratio <= 1.05),
      judged(whole(s.tbt), s.tbt - n.tbt <= 10),
      whole(n.tbt),
      judged(Number.isNaN(s.cls) ? '—' : s.cls.toFixed(3), s.cls <= 0.02),
      whole(s.scriptEval),
      judged(kb(s.bytes.script), s.bytes.script <= 80 * 1024),
      kb(s.bytes.stylesheet),
      kb(s.bytes.font),
      kb(s.bytes.image),
      kb(s.bytes.document),
      kb(s.bytes.total),
      failures.length === 0 ? '0' : `${failures.length} (${failures.join(', ')})`,
    ];
    console.log(`| ${cells.join(' | ')} |`);
  }

  console.log(
    `\nThe first paint (decision 022): aims LCP <= 1.10 × FCP, FCP <= the no-script FCP, TBT within 10 ms of the no-script TBT, no task of our scripts over 50 ms (the page's own parsing and layout, with and without scripts, beside it; Lighthouse attaches the DevTools protocol, which makes React DOM's evaluation about 4× longer than a visitor's, see npm run bench:evaluation), bytes before LCP within the page's budget${base ? `; base: ${base}` : ''}\n`,
  );
  const baseColumns = base ? ' base FCP | base LCP | base TBT | base KB before LCP |' : '';
  console.log(
    `| page | FCP ms | no-JS FCP | LCP ms | LCP/FCP | TBT ms | no-JS TBT | our longest task ms | page's own | no-JS | KB before LCP | budget |${baseColumns}`,
  );
  console.log(`|---|---|---|---|---|---|---|---|---|---|---|---|${base ? '---|---|---|---|' : ''}`);
  for (const { page, shipped: s, noScript: n, base: b } of rows) {
    const ratio = s.lcp / s.fcp;
    const budget =
      page in beforeLcpBudgetKb ? beforeLcpBudgetKb[page as SystemPageId] : ownerPageBudgetKb;
    const cells = [
      page,
      judged(whole(s.fcp), s.fcp <= n.fcp * 1.02),
      whole(n.fcp),
      whole(s.lcp),
      judged(Number.isNaN(ratio) ? '—' : ratio.toFixed(2), ratio <= 1.1),
      judged(whole(s.tbt), s.tbt - n.tbt <= 10),
      whole(n.tbt),
      judged(whole(s.longestTask), s.longestTask <= 50),
      whole(s.longestPageTask),
      whole(n.longestPageTask),
      judged(kb(s.beforeLcp), s.beforeLcp <= budget * 1024),
      `${budget}`,
      ...(b ? [whole(b.fcp), whole(b.lcp), whole(b.tbt), kb(b.beforeLcp)] : []),
    ];
    console.log(`| ${cells.join(' | ')} |`);
  }

  console.log(
    "\nWhat each page's simulated LCP waited for (its last shipped run; ms in Lighthouse's simulation, * = the FCP waited for it too)\n",
  );
  console.log('| page | files, latest first |');
  console.log('|---|---|');
  for (const { page, waits } of rows) {
    const files = waits.map(
      ({ file, end, inFirstPaint }) => `${file} ${whole(end)}${inFirstPaint ? '*' : ''}`,
    );
    console.log(`| ${page} | ${files.join(', ')} |`);
  }

  // Serving: the home page's HTML, 3,000 requests from 10 clients, twice each, interleaved.
  const plain = await startPlainStaticServer();
  try {
    // 127.0.0.1 is no named host, so it is the main site's home page.
    const ours = () => fetch(`${server.url}/`, { headers: { 'Accept-Encoding': 'br' } });
    const theirs = () => fetch(`${plain.url}/home.html`, { headers: { 'Accept-Encoding': 'br' } });
    await load(10, 500, ours, 200); // warm-up
    await load(10, 500, theirs, 200);
    const results = { ours: [] as number[], plain: [] as number[] };
    for (let round = 0; round < 2; round++) {
      results.ours.push((await load(10, 3000, ours, 200)).perSecond);
      results.plain.push((await load(10, 3000, theirs, 200)).perSecond);
    }
    const oursPerSecond = median(results.ours);
    const plainPerSecond = median(results.plain);
    console.log(
      `\nServing the home page (brotli, 10 clients): our server ${oursPerSecond.toFixed(0)} pages/s, a plain static file server ${plainPerSecond.toFixed(0)} pages/s (ratio ${(oursPerSecond / plainPerSecond).toFixed(2)})`,
    );
  } finally {
    plain.close();
  }
} finally {
  withoutScripts.close();
  await server.stop();
  await baseServer?.stop();
}
