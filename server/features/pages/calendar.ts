import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { DocumentId } from '../../../contracts/content/experiments';
import type { CalendarEvent, RenderBundle, SiteRenderer } from '../../../contracts/site-renderer';
import type { SeatsTaken } from '../../../contracts/workshop-sessions';
import { buildPaths } from '../../build-paths';
import { type StaticFile, staticFile } from '../../http/static-files';
import type { Logger } from '../../logger';

/**
 * Pages that follow the calendar (decision 017): when a date of the owner's content passes (a
 * workshop session starts, the book comes out, a new year), the pages are rendered again with the
 * build's own renderer and swapped in memory, within one check (20 s), so a visitor without
 * JavaScript gets the new state too. The seats are followed the same way, the workshop's sessions'
 * (docs/decisions/032-workshop-delivered.md) and the cohort's intakes' (decision 033): at each
 * check the seats the store knows are read, and the pages whose words they change ("3 seats
 * left", "Sold out", "Only 19 slots left") are rendered again. A failed
 * render keeps the old page and is tried again at the next check.
 */

/** How often the clock is compared with the calendar. */
export const calendarCheckMs = 20_000;

export interface CalendarOptions {
  /** The served pages, replaced one by one as they are rendered again. */
  pages: Map<DocumentId, StaticFile>;
  renderer: SiteRenderer;
  /** The moment the current pages were rendered for (the build's). */
  renderedFor: number;
  logger: Pick<Logger, 'info' | 'warn' | 'error'>;
  clock?: () => number;
  checkMs?: number;
  /**
   * The seats the store knows at a moment (the workshop's sessions' and the cohort's intakes',
   * server/index.ts), read at each check. Without it the pages keep the build's seats: every seat free.
   */
  seatsTaken?: (now: number) => Promise<SeatsTaken>;
}

/** A rendered document as the server holds it: with its ETag and compressed variants. */
export function pageFile(page: DocumentId, html: string): StaticFile {
  const body = Buffer.from(html);
  const file = staticFile(`${page}.html`, body);
  file.br = brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } });
  file.gzip = gzipSync(body, { level: 9 });
  return file;
}

export interface Calendar {
  /** Renders again whatever a date passed since the last check; the interval calls it. */
  check(): Promise<void>;
  /**
   * Follows another content from now on: a publish hands over its renderer and the moment its
   * pages were rendered for (server/features/room/publish/).
   */
  replace(renderer: SiteRenderer, renderedFor: number): Promise<void>;
  stop(): void;
}

export function startCalendar({
  pages,
  renderer,
  renderedFor,
  logger,
  clock = Date.now,
  checkMs = calendarCheckMs,
  seatsTaken,
}: CalendarOptions): Calendar {
  let current = renderer;
  let events = current.calendar();
  let upTo = renderedFor;
  // The seats the served pages show: the build's (none taken) until a check renders others.
  let shownSeats: SeatsTaken = {};
  // Checks run one after another: a check asked for during another sees that one's result.
  let queue: Promise<void> = Promise.resolve();

  /** The seats the store knows now, or null when they cannot be read (the pages stay as they are). */
  async function readSeats(
    now: number,
    read: NonNullable<CalendarOptions['seatsTaken']>,
  ): Promise<SeatsTaken | null> {
    try {
      return await read(now);
    } catch (error) {
      logger.error(
        { err: error instanceof Error ? error.message : String(error) },
        'reading the seats (the workshop’s sessions, the cohort’s intakes) failed; the pages keep the seats they show, retrying',
      );
      return null;
    }
  }

  async function renderDue(): Promise<void> {
    const now = clock();
    const passed = events.filter((event) => event.at > upTo && event.at <= now);
    // Without seats to follow, nothing is awaited before the render, so a check starts rendering
    // at once (a publish's replace waits for it).
    const seats = seatsTaken ? await readSeats(now, seatsTaken) : null;
    const bySeats = seats ? current.pagesChangedBySeats(shownSeats, seats, now) : [];
    const ids = [...new Set([...passed.flatMap((event) => event.pages), ...bySeats])];
    if (ids.length === 0) return;
    const taken = seats ?? shownSeats;
    try {
      const rendered = await current.render(ids, now, taken);
      for (const [page, html] of rendered) pages.set(page, pageFile(page, html));
      upTo = now;
      shownSeats = taken;
      logger.info(
        { pages: ids, events: passed.map((event) => event.what), seats: bySeats.length > 0 },
        passed.length > 0
          ? 'pages rendered again: a content date passed'
          : 'pages rendered again: the seats changed (the workshop’s sessions or the cohort’s intakes)',
      );
    } catch (error) {
      logger.error(
        { err: error instanceof Error ? error.message : String(error), pages: ids },
        'rendering pages again failed (a content date passed, or the seats changed); the old pages stay, retrying',
      );
    }
  }

  const check = () => {
    queue = queue.then(renderDue);
    return queue;
  };
  const timer = setInterval(() => void check(), checkMs);
  timer.unref();
  void check();
  return {
    check,
    replace(next, nextRenderedFor) {
      queue = queue.then(() => {
        current = next;
        events = next.calendar();
        upTo = nextRenderedFor;
        // A publish renders its pages with the build's seats: the next check brings the store's.
        shownSeats = {};
      });
      return queue;
    },
    stop: () => clearInterval(timer),
  };
}

/** The coming dates within `days`, and those that make the content stale within two weeks. */
export function logCalendar(
  events: readonly CalendarEvent[],
  now: number,
  logger: Pick<Logger, 'info' | 'warn'>,
): void {
  const day = 86_400_000;
  for (const event of events) {
    if (event.at <= now) continue;
    const at = new Date(event.at).toISOString();
    if (event.at <= now + 60 * day) logger.info({ at, what: event.what }, 'content calendar');
    if (event.warning && event.at <= now + 14 * day) {
      logger.warn({ at, what: event.warning }, 'content goes stale soon');
    }
  }
}

/**
 * The build's renderer and the moment its pages were rendered for, or null for a build made
 * before pages followed the calendar (rebuild to get it).
 */
export async function loadRenderer(
  paths: Pick<typeof buildPaths, 'renderBundle' | 'renderInput' | 'info'> = buildPaths,
): Promise<{ renderer: SiteRenderer; renderedFor: number } | null> {
  if (!existsSync(paths.renderBundle) || !existsSync(paths.renderInput)) return null;
  const bundle = (await import(pathToFileURL(paths.renderBundle).href)) as RenderBundle;
  const input: unknown = JSON.parse(await readFile(paths.renderInput, 'utf8'));
  const info = JSON.parse(readFileSync(paths.info, 'utf8')) as { builtAt: string };
  return { renderer: bundle.createSiteRenderer(input), renderedFor: Date.parse(info.builtAt) };
}

/**
 * What a publish does for the pages' calendar (docs/decisions/019-publish.md): before a render is
 * served, the calendar follows its content, rendered with the build's own bundle. First, so that
 * a render of the old content still under way cannot land on top of the new pages.
 */
export function calendarHook(calendar: Pick<Calendar, 'replace'> | null, renderBundle: string) {
  return {
    async beforeServing(outDir: string) {
      const rendering = await loadRenderer({
        renderBundle,
        renderInput: join(outDir, 'render-input.json'),
        info: join(outDir, 'build-info.json'),
      });
      if (!rendering) throw new Error(`the render in ${outDir} is incomplete`);
      await calendar?.replace(rendering.renderer, rendering.renderedFor);
    },
  };
}
