import { z } from 'zod';
import { subscriptionLists } from '../../contracts/subscription';

/**
 * The parts of the commands' inputs that more than one command takes. Messages read after the
 * name of what was wrong: "--since must be …" in the terminal, the field's label in the room.
 */

export const subscriptionListSchema = z.enum(subscriptionLists, {
  error: `must be one of ${subscriptionLists.join(', ')}.`,
});

/**
 * The owner names a moment as an age back from now ("30d", "12h", "2w") or a date / date-time
 * ("2026-01-31").
 */

const units = { h: 3_600_000, d: 86_400_000, w: 7 * 86_400_000 } as const;

/** An age such as "365d", "12h" or "2w", in milliseconds; null when it is not one. */
function parseAge(text: string): number | null {
  const match = /^(\d+)([hdw])$/.exec(text.trim());
  if (!match) return null;
  return Number(match[1]) * units[match[2] as keyof typeof units];
}

function parseDate(text: string): Date | null {
  if (!/^\d{4}-\d\d-\d\d(T[\d:.]+(Z|[+-]\d\d:\d\d)?)?$/.test(text.trim())) return null;
  const date = new Date(text.trim());
  return Number.isNaN(date.getTime()) ? null : date;
}

const ageMessage = 'must be an age such as 365d, 12h or 2w.';
const sinceMessage = 'must be a date (2026-01-31) or an age (30d, 12h, 2w).';

/** An age, in milliseconds. */
export const ageSchema = z.string({ error: ageMessage }).transform((text, context) => {
  const age = parseAge(text);
  if (age !== null) return age;
  context.addIssue({ code: 'custom', message: ageMessage });
  return z.NEVER;
});

/**
 * The start of a period. An age stays an age until the command runs, because only then is
 * "now" known (a test, or the room, gives its own).
 */
export type Since = { ageMs: number } | { date: Date };

export const sinceSchema = z.string({ error: sinceMessage }).transform((text, context): Since => {
  const ageMs = parseAge(text);
  if (ageMs !== null) return { ageMs };
  const date = parseDate(text);
  if (date !== null) return { date };
  context.addIssue({ code: 'custom', message: sinceMessage });
  return z.NEVER;
});

export const sinceDate = (since: Since, now: Date): Date =>
  'date' in since ? since.date : new Date(now.getTime() - since.ageMs);
