/**
 * Days as the site reads them: a YYYY-MM-DD day of the content is that day in London, whether
 * BST or GMT is in force. One reading for the pages (src/lib/facts.ts) and the server (the
 * cohort's open intake, contracts/cohort-intakes.ts). No zod here: pages import it.
 */

/** The moment a YYYY-MM-DD day begins in London (BST or GMT, whichever is in force). */
export function londonMidnight(day: string): number {
  const noon = Date.parse(`${day}T12:00:00Z`);
  const offsetHours =
    new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/London',
      hour: 'numeric',
      hourCycle: 'h23',
    })
      .formatToParts(noon)
      .find((part) => part.type === 'hour')?.value === '13'
      ? 1
      : 0;
  return Date.parse(`${day}T00:00:00Z`) - offsetHours * 3_600_000;
}

/** The YYYY-MM-DD day after `day` (an offer that runs to the end of `day` is over then). */
export function dayAfter(day: string): string {
  return new Date(Date.parse(`${day}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}

/** Whether the day has begun in London at `now`. */
export function dayHasCome(day: string, now: number): boolean {
  return now >= londonMidnight(day);
}

const londonDayFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});

/**
 * "15 January 2027": a YYYY-MM-DD day as a British reader writes it, as the pages' facts say a
 * day ("{cohortStarts}") and the server's emails say it too.
 */
export function formatDay(day: string): string {
  return londonDayFormat.format(Date.parse(`${day}T12:00:00Z`));
}
