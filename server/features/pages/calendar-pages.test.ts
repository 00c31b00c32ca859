import { readFile } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { intakeSeatsKey, nextIntake } from '../../../contracts/cohort-intakes';
import type { Content } from '../../../contracts/content';
import type { DocumentId } from '../../../contracts/content/experiments';
import { loadContent } from '../../../contracts/content/load';
import type { RenderBundle, SiteRenderer } from '../../../contracts/site-renderer';
import type { SeatsTaken } from '../../../contracts/workshop-sessions';
import { buildPaths } from '../../build-paths';
import type { StaticFile } from '../../http/static-files';
import { startCalendar } from './calendar';

/**
 * The pages as the built renderer writes them at moments past each content date: what a visitor
 * without JavaScript gets once the server has rendered again (server/features/pages/calendar.ts). The moments
 * come from the content, so the owner's dates can change without failing this.
 */
let renderer: SiteRenderer;
let content: Content;

beforeAll(async () => {
  const bundle = (await import(pathToFileURL(buildPaths.renderBundle).href)) as RenderBundle;
  renderer = bundle.createSiteRenderer(JSON.parse(await readFile(buildPaths.renderInput, 'utf8')));
  content = await loadContent(`${buildPaths.root}/content`);
});

const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
const escaped = (words: string) =>
  words.replace(/&/g, '&amp;').replace(/'/g, '&#x27;').replace(/"/g, '&quot;');

async function page(id: Parameters<SiteRenderer['render']>[0][number], at: number) {
  const html = (await renderer.render([id], at)).get(id) ?? '';
  return html;
}

const day = 86_400_000;
/** Noon UTC of a YYYY-MM-DD day: the same day in London, in summer and winter. */
const noonOf = (date: string) => Date.parse(`${date}T12:00:00Z`);
/** "11 January 2027", as the pages write a day. */
const britishDay = (date: string) =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/London',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).format(noonOf(date));

describe('pages after their dates', () => {
  it('the calendar lists every session start, each intake’s close of applications, the release day and New Year', () => {
    const moments = renderer.calendar().map(({ at }) => at);
    for (const { start } of content.workshop.sessions) expect(moments).toContain(Date.parse(start));
    // Applications close as the day after `applyBy` begins in London (23:00 UTC the day before in summer).
    for (const { applyBy } of content.cohort.intakes) {
      const midnightUtc = noonOf(applyBy) + day / 2;
      expect(moments.some((at) => at === midnightUtc || at === midnightUtc - 3_600_000)).toBe(true);
    }
    expect(renderer.calendar().every((event) => event.pages.length > 0)).toBe(true);
  });

  it('the workshop sells each session until it starts, then the next, then none', async () => {
    const starts = content.workshop.sessions.map(({ start }) => Date.parse(start)).sort();
    const first = starts[0] ?? 0;
    const last = starts.at(-1) ?? 0;
    const before = await page('workshop', first - 60_000);
    expect(before).toContain(escaped(content.workshop.hero.cta));
    expect(before).not.toContain(escaped(content.workshop.nextDate.heading));

    const afterAll = await page('workshop', last + 60_000);
    expect(text(afterAll)).toContain(escaped(content.workshop.nextDate.heading));
    for (const { checkout } of content.workshop.sessions) expect(afterAll).not.toContain(checkout);
    expect(afterAll).not.toContain(escaped(content.workshop.price.heading));
    // No event to come in the structured data either.
    expect(afterAll).not.toContain('"@type":"Event"');
  });

  it('the home page offers the waitlist until release day, then the book', async () => {
    const { releaseDate } = content.site.book;
    const { beforeRelease, afterRelease } = content.home.book;
    const releaseMoment = Date.parse(`${releaseDate}T12:00:00Z`);
    const before = await page('home', releaseMoment - 2 * 86_400_000);
    expect(before).toContain(escaped(beforeRelease.heading));
    expect(before).toContain('id="waitlist-form"');

    const after = await page('home', releaseMoment);
    expect(after).toContain(escaped(afterRelease.heading));
    expect(after).toContain(escaped(afterRelease.order));
    expect(after).not.toContain('id="waitlist-form"');
    expect(after).not.toContain(escaped(beforeRelease.heroCta));
  });

  it('the cohort names its intake until applications close, then says they will open, still offering the call', async () => {
    const { cohort } = content;
    const intakes = cohort.intakes.toSorted((a, b) => a.applyBy.localeCompare(b.applyBy));
    const [first] = intakes;
    const last = intakes.at(-1);
    if (!first || !last) throw new Error('content/cohort.yaml has no intake');
    // No seat taken: every one of them left.
    const seats = (text: string, intake: typeof first) =>
      escaped(
        text
          .replace('{cohortSeats}', String(intake.seats))
          .replace('{cohortSeatsLeft}', String(intake.seats)),
      );

    // The last day of applications: the intake's dates and seats, and its course instance.
    const open = text(await page('cohort', noonOf(first.applyBy)));
    expect(open).toContain(britishDay(first.starts));
    expect(open).toContain(britishDay(first.applyBy));
    expect(open).toContain(seats(cohort.hero.slots, first));
    expect(open).not.toContain(escaped(cohort.intake.closed));

    // The day after the last intake's applications close: said plainly, the call still offered.
    const html = await page('cohort', noonOf(last.applyBy) + day);
    const after = text(html);
    expect(after).toContain(escaped(cohort.intake.closed));
    expect(after).not.toContain(seats(cohort.hero.slots, last));
    for (const { starts, applyBy } of intakes) {
      expect(after).not.toContain(britishDay(starts));
      expect(after).not.toContain(britishDay(applyBy));
    }
    for (const cta of [cohort.hero.cta, cohort.story.cta, cohort.details.cta, cohort.ready.cta]) {
      expect(after).toContain(escaped(cta));
    }
    expect(html).toContain(`href="${cohort.booking}"`);
    expect(html).toContain('"@type":"Course"');
    expect(html).not.toContain('"startDate"');
  });

  it('the home page lists a post in its latest writing from the post’s time, not before', async () => {
    // The newest post: whatever its date, the calendar renders the home page again at it.
    const [slug, newest] =
      Object.entries(content.posts).toSorted(
        ([, a], [, b]) => Date.parse(b.date) - Date.parse(a.date),
      )[0] ?? [];
    if (!slug || !newest) throw new Error('the content has no post');
    const at = Date.parse(newest.date);
    expect(renderer.calendar().map((event) => event.at)).toContain(at);
    expect(renderer.calendar().find((event) => event.at === at)?.pages).toContain('home');
    const link = `href="${content.writing.path}/${slug}"`;
    expect(await page('home', at - 60_000)).not.toContain(link);
    const after = await page('home', at);
    expect(after).toContain(link);
    expect(after).toContain(escaped(content.home.latestWriting.heading));
  });

  it('the copyright year follows the clock', async () => {
    const in2031 = await page('home', Date.parse('2031-06-01T12:00:00Z'));
    expect(in2031).toContain(`© 2031 ${escaped(content.site.founder.name)}`);
  });
});

describe('pages after the seats change', () => {
  it('the workshop says how many are left, then sells the next session, within one check', async () => {
    const sessions = content.workshop.sessions.toSorted(
      (a, b) => Date.parse(a.start) - Date.parse(b.start),
    );
    const [first, second] = sessions;
    if (!first || !second) throw new Error('content/workshop.yaml has fewer than two sessions');
    const now = Date.parse(first.start) - day;
    const pages = new Map<DocumentId, StaticFile>();
    let taken: SeatsTaken = {};
    const quiet = { info: () => {}, warn: () => {}, error: () => {} };
    const calendar = startCalendar({
      pages,
      renderer,
      renderedFor: now,
      logger: quiet,
      clock: () => now,
      seatsTaken: async () => taken,
    });
    const workshop = () => text(pages.get('workshop')?.body.toString('utf8') ?? '');
    await calendar.check();
    expect(pages.size).toBe(0);

    taken = { [first.id]: { sold: first.seats - 4, held: 1, cancelled: false } };
    await calendar.check();
    const { seats } = content.workshop.delivery;
    expect(workshop()).toContain(seats.left.replace('{seatsLeft}', '3'));
    expect(pages.get('workshop')?.body.toString('utf8')).toContain(
      `href="/go/workshop?session=${first.id}"`,
    );

    taken = { [first.id]: { sold: first.seats, held: 0, cancelled: false } };
    await calendar.check();
    const html = pages.get('workshop')?.body.toString('utf8') ?? '';
    expect(html).toContain(`href="/go/workshop?session=${second.id}"`);
    expect(html).not.toContain(`session=${first.id}`);
    expect(workshop()).toContain(britishDay(first.start.slice(0, 10)));
    // The date the facts describe moved on: every page was rendered again, the home page too.
    expect(pages.has('home')).toBe(true);
    calendar.stop();
  });
});

describe('pages after the cohort’s seats change', () => {
  it('the cohort says how many are left, then that it is full with the waitlist offered, within one check', async () => {
    const { cohort } = content;
    const [first] = cohort.intakes.toSorted((a, b) => a.starts.localeCompare(b.starts));
    if (!first) throw new Error('content/cohort.yaml has no intake');
    const application = cohort.application;
    if (!application) throw new Error('content/cohort.yaml has no application');
    // A week before the first intake's applications close.
    const now = noonOf(first.applyBy) - 7 * day;
    const intake = nextIntake(cohort.intakes, now);
    if (!intake) throw new Error('no intake takes applications a week before the first closes');
    const pages = new Map<DocumentId, StaticFile>();
    let taken: SeatsTaken = {};
    const quiet = { info: () => {}, warn: () => {}, error: () => {} };
    const calendar = startCalendar({
      pages,
      renderer,
      renderedFor: now,
      logger: quiet,
      clock: () => now,
      seatsTaken: async () => taken,
    });
    const html = (page: DocumentId) => pages.get(page)?.body.toString('utf8') ?? '';
    await calendar.check();
    expect(pages.size).toBe(0);

    // Enrolled and offers still open: three seats left.
    const key = intakeSeatsKey(intake.starts);
    taken = { [key]: { sold: intake.seats - 5, held: 2, cancelled: false } };
    await calendar.check();
    expect(text(html('cohort'))).toContain(
      escaped(cohort.hero.slots.replace('{cohortSeatsLeft}', '3')),
    );
    expect([...pages.keys()]).not.toContain('home');

    taken = { [key]: { sold: intake.seats - 2, held: 2, cancelled: false } };
    await calendar.check();
    expect(text(html('cohort'))).toContain(escaped(application.full));
    expect(text(html('cohort'))).toContain(escaped(application.waitlist));
    expect(html('cohort')).not.toContain(`>${escaped(application.apply)}<`);
    expect(text(html('cohort-apply'))).toContain(escaped(application.full));
    calendar.stop();
  });
});
