import type { CalendarEvent } from '../contracts/site-renderer';
import { formatInstant } from '../src/lib/calendar';

const day = 24 * 3_600_000;
/** How far ahead a date that makes the content stale is warned about. */
export const staleWarningDays = 14;
/** How far ahead the calendar lists what changes. */
const horizonDays = 120;

const when = (at: number) => formatInstant(at, 'medium');

/**
 * The owner's calendar as the build and `npm start` print it: what changes on the pages over the
 * coming months, and a warning for each date within two weeks after which the content is stale.
 */
export function calendarReport(events: readonly CalendarEvent[], now: number): string {
  const coming = events.filter(({ at }) => at > now && at <= now + horizonDays * day);
  const lines = [`Calendar (next ${horizonDays} days, UK time):`];
  if (coming.length === 0) lines.push('  nothing changes');
  for (const event of coming) lines.push(`  ${when(event.at)}  ${event.what}`);
  for (const event of events) {
    if (event.warning && event.at > now && event.at <= now + staleWarningDays * day) {
      const days = Math.ceil((event.at - now) / day);
      lines.push(`Warning: in ${days} day${days === 1 ? '' : 's'}, ${event.warning}`);
    }
  }
  return lines.join('\n');
}
