import type { Content } from '../../contracts/content';
import { changesOf } from '../../contracts/writing';
import { dayAfter, formatDay, londonMidnight } from './facts';

/** A moment in London time, "10 December 2026 at 18:00" (`long`) or "10 Dec 2026, 18:00". */
export const formatInstant = (at: number, dateStyle: 'long' | 'medium' = 'long') =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/London',
    dateStyle,
    timeStyle: 'short',
  }).format(at);

/**
 * Every moment the site's words change, from the dates in the content: a workshop session
 * starts (the page moves on to the next one, or to "the next date is being set"), the book comes
 * out (pre-order becomes "out now"), a cohort intake's applications close (the page moves on to
 * the next intake, or says applications will open), an owner's page's countdown reaches zero or
 * its checkout's session starts, a new year begins (the copyright line). The
 * server re-renders the pages then (server/features/pages/calendar.ts); the build prints the list.
 */
export interface ContentDate {
  at: number;
  /** For the owner: what changes, and in which file it is set. */
  what: string;
  /** What the owner should do before it, when the content goes stale then. */
  warning?: string;
}

/** How many New Years ahead the calendar lists (a deployment is rebuilt long before). */
const yearsAhead = 10;

/**
 * Sessions sold by the calendar (the workshop's, an owner's checkout block's): each start moves
 * the page on to the next; the last leaves nothing to sell, which the owner is warned of.
 */
function sessionDates(
  sessions: ReadonlyArray<{ start: string }>,
  what: (at: number) => string,
  lastWarning: string,
): ContentDate[] {
  const starts = sessions.map(({ start }) => Date.parse(start));
  const last = Math.max(...starts);
  return starts.map((at) => ({
    at,
    what: what(at),
    ...(at === last ? { warning: lastWarning } : {}),
  }));
}

export function contentDates(content: Content, from: number): ContentDate[] {
  const dates: ContentDate[] = [];
  dates.push(
    ...sessionDates(
      content.workshop.sessions,
      (at) =>
        `the workshop session of ${formatInstant(at)} starts: the page moves on to the next one (content/workshop.yaml)`,
      'no workshop session is left to sell after it: add the next one to content/workshop.yaml',
    ),
  );
  dates.push({
    at: londonMidnight(content.site.book.releaseDate),
    what: `release day of the book: "pre-order" becomes "out now", and the home page's waitlist gives way to the book (content/site.yaml book.releaseDate)`,
  });
  dates.push({
    // The offer runs to the end of its last day: the banner changes as the next day begins.
    at: londonMidnight(dayAfter(content.waitlist.banner.offerEnds)),
    what: 'the waitlist offer ends: the banner says `afterOffer` instead of its end date (content/waitlist.yaml banner.offerEnds)',
    warning:
      'the waitlist banner has no offer to count down to after it: set a new banner.offerEnds in content/waitlist.yaml, or leave the "offer ended" words',
  });
  // Applications run to the end of their last day: the page moves on as the next day begins.
  const closings = content.cohort.intakes.map(({ starts, applyBy }) => ({
    starts,
    at: londonMidnight(dayAfter(applyBy)),
  }));
  const lastClosing = Math.max(...closings.map(({ at }) => at));
  for (const { starts, at } of closings) {
    dates.push({
      at,
      what: `applications close for the cohort intake of ${formatDay(starts)}: the page moves on to the next intake (content/cohort.yaml)`,
      ...(at === lastClosing
        ? {
            warning:
              'no cohort intake takes applications after it: add the next one to content/cohort.yaml intakes (until then the page says `intake.closed`)',
          }
        : {}),
    });
  }
  // An owner's page counting down, or selling dates: once at zero, or once a session starts, it
  // says so without JavaScript too.
  for (const [slug, page] of Object.entries(content.pages)) {
    const file = `content/pages/${slug}.yaml`;
    for (const block of page.blocks) {
      if (block.discriminant === 'countdown') {
        dates.push({
          at: Date.parse(block.value.to),
          what: `the countdown of the page "${page.name}" reaches zero: it says "${block.value.ended}" (${file})`,
        });
      }
      if (block.discriminant !== 'checkout') continue;
      dates.push(
        ...sessionDates(
          block.value.sessions,
          (at) =>
            `the session of ${formatInstant(at)} on the page "${page.name}" starts: its checkout moves on to the next one (${file})`,
          `the page "${page.name}" has no session left to sell after it: add the next one to ${file}`,
        ),
      );
    }
  }
  // A post dated ahead: at its time the home page's latest writing, the index, its tags and its
  // neighbours list it. An update dated ahead: its page says it from then
  // (docs/decisions/028-writing.md).
  for (const [slug, post] of Object.entries(content.posts ?? {})) {
    const [, updated] = changesOf(post);
    dates.push({
      at: Date.parse(post.date),
      what: `the post "${post.title}" is published: the home page's latest writing and the writing's pages list it (content/posts/${slug}.md)`,
    });
    if (updated) {
      dates.push({
        at: Date.parse(updated),
        what: `the post "${post.title}" is updated: its page gives the new date (content/posts/${slug}.md)`,
      });
    }
  }
  const year = Number(
    new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', year: 'numeric' }).format(from),
  );
  for (let next = year + 1; next <= year + yearsAhead; next += 1) {
    dates.push({
      at: londonMidnight(`${next}-01-01`),
      what: `${next} begins: the copyright year changes`,
    });
  }
  return dates.sort((a, b) => a.at - b.at);
}
