import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it, vi } from 'vitest';
import type { DocumentId } from '../../../contracts/content/experiments';
import type { PageId } from '../../../contracts/routes';
import type { CalendarEvent, SiteRenderer } from '../../../contracts/site-renderer';
import type { SeatsTaken } from '../../../contracts/workshop-sessions';
import { createTestApp } from '../../testing/app';
import { testSite } from '../../testing/site';
import { describeEachStore } from '../../testing/stores';
import { type CalendarOptions, pageFile, startCalendar } from './calendar';

/**
 * The server's side of pages that follow the calendar, with a stand-in renderer and a clock the
 * test moves: nothing changes before a date, the date's pages change at the next check after it,
 * a render that fails keeps the old page, and the app serves the new one. The real renderer's
 * pages past each date are in calendar-pages.test.ts.
 */
const hour = 3_600_000;
const start = Date.parse('2027-01-10T12:00:00Z');
const events: CalendarEvent[] = [
  { at: start + hour, what: 'the workshop starts', pages: ['workshop'] },
  { at: start + 3 * hour, what: 'the book is out', pages: ['book', 'home'] },
];

/** What the stand-in pages show of the seats: each session's seats taken, by name. */
const seatsText = (taken: SeatsTaken = {}) =>
  Object.entries(taken)
    .map(([id, { sold, held }]) => ` ${id}: ${sold + held} taken`)
    .join('');

/**
 * A renderer of the stand-in pages: each says its name and moment, and the seats taken when
 * there are any; the workshop alone sells, so it alone changes with them.
 */
function fakeRenderer(failures = 0): SiteRenderer & { calls: DocumentId[][] } {
  let failing = failures;
  const calls: DocumentId[][] = [];
  return {
    calls,
    calendar: () => events,
    async render(pages, now, taken) {
      calls.push([...pages]);
      if (failing-- > 0) throw new Error('render failed');
      return new Map(
        pages.map((page) => [
          page,
          `<p>${page} at ${now}${page === 'workshop' ? seatsText(taken) : ''}</p>`,
        ]),
      );
    },
    pagesChangedBySeats: (before, after) =>
      seatsText(before) === seatsText(after) ? [] : ['workshop'],
  };
}

function servedPages(): Map<DocumentId, ReturnType<typeof pageFile>> {
  return new Map(
    (['workshop', 'book', 'home'] as const).map((page) => [page, pageFile(page, `<p>${page}</p>`)]),
  );
}

const quiet = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
const text = (pages: Map<DocumentId, { body: Buffer }>, page: PageId) =>
  pages.get(page)?.body.toString();

/** The calendar of pages built at `start`, logging nowhere unless told, on the test's clock. */
const calendarOf = (
  options: Pick<CalendarOptions, 'pages' | 'renderer' | 'clock'> & Partial<CalendarOptions>,
) => startCalendar({ renderedFor: start, logger: quiet, ...options });

describe('pages that follow the calendar', () => {
  it('changes nothing before a date, then only the date’s pages at the next check', async () => {
    let now = start;
    const pages = servedPages();
    const renderer = fakeRenderer();
    const calendar = calendarOf({ pages, renderer, clock: () => now });
    await calendar.check();
    expect(renderer.calls).toEqual([]);
    now = start + hour - 1;
    await calendar.check();
    expect(text(pages, 'workshop')).toBe('<p>workshop</p>');

    now = start + hour + 1000;
    await calendar.check();
    expect(renderer.calls).toEqual([['workshop']]);
    expect(text(pages, 'workshop')).toBe(`<p>workshop at ${now}</p>`);
    expect(text(pages, 'book')).toBe('<p>book</p>');
    // Checked again with no new date: nothing is rendered twice.
    await calendar.check();
    expect(renderer.calls).toHaveLength(1);
    calendar.stop();
  });

  it('renders at once at boot what passed since the build', async () => {
    const pages = servedPages();
    const renderer = fakeRenderer();
    const now = start + 4 * hour;
    const calendar = calendarOf({ pages, renderer, clock: () => now });
    await calendar.check();
    expect(renderer.calls).toEqual([['workshop', 'book', 'home']]);
    expect(text(pages, 'home')).toBe(`<p>home at ${now}</p>`);
    calendar.stop();
  });

  it('keeps the old page when rendering fails, and tries again at the next check', async () => {
    const pages = servedPages();
    // Fails at the check made at start and at the next one.
    const renderer = fakeRenderer(2);
    const logger = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
    let now = start + hour + 1;
    const calendar = calendarOf({ pages, renderer, logger, clock: () => now });
    await calendar.check();
    expect(text(pages, 'workshop')).toBe('<p>workshop</p>');
    expect(logger.error).toHaveBeenCalledTimes(2);
    now += calendarStep;
    await calendar.check();
    expect(text(pages, 'workshop')).toBe(`<p>workshop at ${now}</p>`);
    calendar.stop();
  });

  it('follows a published content: replace waits for a render under way, then dates use the new renderer', async () => {
    let now = start + hour + 1;
    const pages = servedPages();
    let finish = () => {};
    const slow: SiteRenderer = {
      calendar: () => events,
      render: (ids) =>
        new Promise((done) => {
          finish = () => done(new Map(ids.map((page) => [page, '<p>old content</p>'])));
        }),
      pagesChangedBySeats: () => [],
    };
    const calendar = calendarOf({ pages, renderer: slow, clock: () => now });
    // The workshop's date passed: a render of the old content is under way.
    let replaced = false;
    const replacing = calendar.replace(fakeRenderer(), now).then(() => {
      replaced = true;
    });
    await Promise.resolve();
    expect(replaced).toBe(false);
    finish();
    await replacing;
    // The publisher swaps its pages in after this, so nothing old lands on top of them.
    now = start + 3 * hour + 1;
    await calendar.check();
    expect(text(pages, 'book')).toBe(`<p>book at ${now}</p>`);
    calendar.stop();
  });

  it('checks by itself on its interval', async () => {
    vi.useFakeTimers();
    try {
      let now = start;
      const pages = servedPages();
      const calendar = calendarOf({
        pages,
        renderer: fakeRenderer(),
        clock: () => now,
        checkMs: 20_000,
      });
      now = start + hour + 1;
      await vi.advanceTimersByTimeAsync(20_000);
      expect(text(pages, 'workshop')).toBe(`<p>workshop at ${now}</p>`);
      calendar.stop();
    } finally {
      vi.useRealTimers();
    }
  });
});

const calendarStep = 20_000;

describe('pages that follow the workshop’s seats', () => {
  const seats = (sold: number, held = 0): SeatsTaken => ({
    'december-2026': { sold, held, cancelled: false },
  });

  it('renders the selling pages again at the next check once the seats the store knows change', async () => {
    const now = start;
    const pages = servedPages();
    const renderer = fakeRenderer();
    let taken: SeatsTaken = {};
    const calendar = calendarOf({
      pages,
      renderer,
      clock: () => now,
      seatsTaken: async () => taken,
    });
    await calendar.check();
    // The build's seats are the store's: nothing to do.
    expect(renderer.calls).toEqual([]);
    taken = seats(37, 1);
    await calendar.check();
    expect(renderer.calls).toEqual([['workshop']]);
    expect(text(pages, 'workshop')).toBe(`<p>workshop at ${now} december-2026: 38 taken</p>`);
    expect(text(pages, 'book')).toBe('<p>book</p>');
    // Read again, the same: nothing is rendered twice.
    await calendar.check();
    expect(renderer.calls).toHaveLength(1);
    taken = seats(38, 1);
    await calendar.check();
    expect(text(pages, 'workshop')).toBe(`<p>workshop at ${now} december-2026: 39 taken</p>`);
    calendar.stop();
  });

  it('keeps the pages and logs when the seats cannot be read, and renders them once they can', async () => {
    const pages = servedPages();
    const renderer = fakeRenderer();
    const logger = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
    let reading: () => Promise<SeatsTaken> = () => Promise.reject(new Error('database away'));
    const calendar = calendarOf({
      pages,
      renderer,
      logger,
      clock: () => start,
      seatsTaken: () => reading(),
    });
    await calendar.check();
    expect(renderer.calls).toEqual([]);
    expect(text(pages, 'workshop')).toBe('<p>workshop</p>');
    expect(logger.error).toHaveBeenCalledWith(
      { err: 'database away' },
      expect.stringContaining('the pages keep the seats they show'),
    );
    reading = async () => seats(40);
    await calendar.check();
    expect(text(pages, 'workshop')).toBe(`<p>workshop at ${start} december-2026: 40 taken</p>`);
    calendar.stop();
  });

  it('renders a passed date’s pages with the seats last read, even when reading fails then', async () => {
    let now = start;
    const pages = servedPages();
    let reading: () => Promise<SeatsTaken> = async () => seats(5);
    const calendar = calendarOf({
      pages,
      renderer: fakeRenderer(),
      clock: () => now,
      seatsTaken: () => reading(),
    });
    await calendar.check();
    reading = () => Promise.reject(new Error('database away'));
    now = start + hour + 1;
    await calendar.check();
    expect(text(pages, 'workshop')).toBe(`<p>workshop at ${now} december-2026: 5 taken</p>`);
    calendar.stop();
  });

  it('brings the store’s seats back at the check after a publish, whose pages show none taken', async () => {
    const pages = servedPages();
    const renderer = fakeRenderer();
    const calendar = calendarOf({
      pages,
      renderer,
      clock: () => start,
      seatsTaken: async () => seats(3),
    });
    await calendar.check();
    expect(renderer.calls).toHaveLength(1);
    const published = fakeRenderer();
    await calendar.replace(published, start);
    await calendar.check();
    expect(published.calls).toEqual([['workshop']]);
    calendar.stop();
  });
});

describeEachStore('the app serves the page rendered again', ({ store }) => {
  it('with a new ETag and matching br and gzip bodies', async () => {
    let now = start;
    const site = testSite({ pages: servedPages() });
    const app = createTestApp(store(), {}, undefined, undefined, site);
    const workshopPage = 'http://sellablebusiness.localhost/cohort';
    const host = { Host: 'sellablebusiness.localhost' };
    const before = await app.request(workshopPage, { headers: host });
    expect(before.status).toBe(200);
    const calendar = calendarOf({ pages: site.pages, renderer: fakeRenderer(), clock: () => now });
    now = start + hour + 1;
    await calendar.check();
    calendar.stop();
    const after = await app.request(workshopPage, {
      headers: { ...host, 'Accept-Encoding': 'br' },
    });
    expect(after.headers.get('ETag')).not.toBe(before.headers.get('ETag'));
    const br = brotliDecompressSync(Buffer.from(await after.arrayBuffer())).toString();
    expect(br).toBe(`<p>workshop at ${now}</p>`);
    const gzip = await app.request(workshopPage, {
      headers: { ...host, 'Accept-Encoding': 'gzip' },
    });
    expect(gunzipSync(Buffer.from(await gzip.arrayBuffer())).toString()).toBe(br);
  });
});
