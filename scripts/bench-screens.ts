/**
 * `npm run bench:screens`: does a change show? Every page of this tree and of an earlier commit
 * (SCREENS_BASE, default HEAD), each built and served as `npm start` serves it, side by side in
 * headless Chromium at 375 and 1440 px: a full-page screenshot of each once its fonts have
 * loaded, compared pixel by pixel. Prints, per page and width, how many pixels differ and by how
 * much at most; writes both screenshots of every page that differs to SCREENS_OUT (default
 * /tmp/founder-site-screens), to look at. The clock is fixed, motion reduced, countdowns covered
 * and the consent banner left as a first visit sees it, so only the change can differ.
 *
 * Env: SCREENS_BASE (a commit), SCREENS_PAGES (page ids, comma-separated, the owner's as pages/<slug>; default every page),
 * SCREENS_PORT (default 4191; the base commit on the next port), SCREENS_OUT, CHROMIUM_PATH.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import sharp from 'sharp';
import { pathSettings } from '../server/env';
import { benchPages, checkOutBase, pageUrl, serveSite } from './bench-sites';

const port = Number(process.env.SCREENS_PORT ?? 4191);
const base = process.env.SCREENS_BASE ?? 'HEAD';
const out = process.env.SCREENS_OUT ?? '/tmp/founder-site-screens';
const pages = benchPages('SCREENS_PAGES');
const widths = [375, 1440];
// A moment the two builds render alike: the content calendar and countdowns read the clock.
const frozenAt = new Date();

const server = await serveSite(port);
const baseServer = await serveSite(port + 1, checkOutBase(base));
const browser = await chromium.launch({
  executablePath: pathSettings().CHROMIUM_PATH,
  args: ['--no-sandbox', '--disable-gpu', '--font-render-hinting=none'],
});

async function screenshot(url: string, width: number): Promise<Buffer> {
  const context = await browser.newContext({
    viewport: { width, height: 900 },
    reducedMotion: 'reduce',
  });
  const page = await context.newPage();
  await page.clock.setFixedTime(frozenAt);
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  const shot = await page.screenshot({
    fullPage: true,
    animations: 'disabled',
    // Countdowns show the time each server rendered the page at: covered in both.
    mask: [page.locator('[role="timer"], .tabular-nums')],
  });
  await context.close();
  return shot;
}

/** Pixels that differ, and the largest difference of one channel (0–255). */
async function compare(a: Buffer, b: Buffer) {
  const [left, right] = await Promise.all(
    [a, b].map((png) => sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true })),
  );
  if (!left || !right) throw new Error('no image');
  if (left.info.width !== right.info.width || left.info.height !== right.info.height) {
    return {
      size: `${right.info.width}×${right.info.height} → ${left.info.width}×${left.info.height}`,
    };
  }
  let pixels = 0;
  let largest = 0;
  for (let at = 0; at < left.data.length; at += 4) {
    let differs = false;
    for (let channel = 0; channel < 4; channel++) {
      const delta = Math.abs((left.data[at + channel] ?? 0) - (right.data[at + channel] ?? 0));
      if (delta > 0) differs = true;
      largest = Math.max(largest, delta);
    }
    if (differs) pixels++;
  }
  return { pixels, largest, of: left.info.width * left.info.height };
}

try {
  mkdirSync(out, { recursive: true });
  console.log(`\nScreenshots of this tree against ${base}, full page, fonts loaded\n`);
  console.log('| page | width | pixels that differ | largest difference (0–255) |');
  console.log('|---|---|---|---|');
  let differing = 0;
  for (const page of pages) {
    for (const width of widths) {
      const url = pageUrl(page, port);
      const now = await screenshot(url, width);
      const before = await screenshot(url.replace(`:${port}/`, `:${port + 1}/`), width);
      const result = await compare(now, before);
      if ('size' in result) {
        console.log(`| ${page} | ${width} | **page size ${result.size}** | |`);
      } else {
        console.log(
          `| ${page} | ${width} | ${result.pixels} of ${result.of} | ${result.largest} |`,
        );
      }
      if ('size' in result || result.pixels > 0) {
        differing++;
        // An owner's page, "pages/press", as pages-press-….
        const name = page.replaceAll('/', '-');
        await sharp(now).toFile(join(out, `${name}-${width}-now.png`));
        await sharp(before).toFile(join(out, `${name}-${width}-base.png`));
      }
    }
  }
  console.log(
    differing ? `\n${differing} screenshots differ: both are in ${out}` : '\nNo pixel differs.',
  );
} finally {
  await browser.close();
  await Promise.all([server.stop(), baseServer.stop()]);
}
