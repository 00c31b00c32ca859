import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { fieldErrors } from '../../contracts/api-error';
import { statsCommand } from '../features/funnel';
import { exportCommand, forgetCommand, kitBackfillCommand, pruneCommand } from '../features/leads';

/** What the room's API will answer for this input: one message per field at fault. */
function refused(schema: z.ZodType, input: unknown) {
  const result = schema.safeParse(input);
  if (result.success) throw new Error(`accepted ${JSON.stringify(input)}`);
  return fieldErrors(result.error);
}

describe("the owner's commands check their input", () => {
  it('refuses a bad field with a message that says what it must be', () => {
    expect(refused(statsCommand.input, { since: 'yesterday' })).toEqual({
      since: 'must be a date (2026-01-31) or an age (30d, 12h, 2w).',
    });
    expect(refused(statsCommand.input, { by: 'week' })).toEqual({
      by: 'must be one of page, source, day, host, variant.',
    });
    expect(refused(pruneCommand.input, { olderThan: '1y' })).toEqual({
      olderThan: 'must be an age such as 365d, 12h or 2w.',
    });
    expect(refused(pruneCommand.input, {})).toEqual({
      olderThan: 'must be an age such as 365d, 12h or 2w.',
    });
    expect(refused(forgetCommand.input, { email: 'ada' })).toEqual({
      email: 'needs an email address.',
    });
    expect(refused(exportCommand.input, { leads: 'subscribers', list: 'vip' })).toEqual({
      list: 'must be one of newsletter, waitlist, handbook, workshop.',
    });
  });

  it('refuses what would otherwise be quietly ignored', () => {
    expect(refused(exportCommand.input, { leads: 'contacts', list: 'waitlist' })).toEqual({
      list: 'applies to subscribers only.',
    });
    // A misspelt dry run must not queue for real.
    expect(Object.keys(refused(kitBackfillCommand.input, { dry_run: true }))).toEqual(['dry_run']);
  });
});
