import { describe, expect, it } from 'vitest';
import {
  applicationNoteSchema,
  applicationStatusSchema,
  applicationsQuerySchema,
  maxNoteLength,
} from './cohort';

/** What the room and `npm run leads -- applications` accept of the owner's review. */
describe('a private note', () => {
  const note = (text: unknown) => applicationNoteSchema.safeParse({ application: 'a1', text });

  it('keeps its paragraphs and drops the spaces a paste brings at either end', () => {
    expect(note('  First line.\r\n\r\nSecond,\tafter a tab.\n ').data).toStrictEqual({
      application: 'a1',
      text: 'First line.\r\n\r\nSecond,\tafter a tab.',
    });
    expect(note('x'.repeat(maxNoteLength)).success).toBe(true);
  });

  it.each([
    ['an empty note', '   \n '],
    ['a control character', 'Call her\u0007 back'],
    ['a NUL', 'a\u0000b'],
    ['a direction override', 'paid \u202eevil'],
    ['a note over 5,000 characters', 'x'.repeat(maxNoteLength + 1)],
    ['what is not text', 42],
  ])('refuses %s', (_, text) => {
    const result = note(text);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toStrictEqual(['text']);
  });

  it('refuses a key it does not know, and an id that is not one', () => {
    expect(applicationNoteSchema.safeParse({ application: 'a1', text: 'x', to: 'x' }).success).toBe(
      false,
    );
    for (const application of ['', '../a', 'a b', 'x'.repeat(101), 7]) {
      expect(applicationNoteSchema.safeParse({ application, text: 'x' }).success).toBe(false);
    }
  });
});

describe('a status and the list’s filter', () => {
  it('takes the five statuses only', () => {
    for (const status of ['new', 'shortlisted', 'accepted', 'declined', 'waitlisted']) {
      expect(applicationStatusSchema.safeParse({ application: 'a1', status }).success).toBe(true);
    }
    const wrong = applicationStatusSchema.safeParse({ application: 'a1', status: 'enrolled' });
    expect(wrong.error?.issues[0]?.message).toBe(
      'must be one of new, shortlisted, accepted, declined, waitlisted.',
    );
  });

  it('reads the list’s page from the query, the first by default', () => {
    expect(applicationsQuerySchema.parse({})).toStrictEqual({ page: 1 });
    expect(applicationsQuerySchema.parse({ status: 'new', page: '3' })).toStrictEqual({
      status: 'new',
      page: 3,
    });
    for (const page of ['0', '-1', '1.5', 'x']) {
      expect(applicationsQuerySchema.safeParse({ page }).success).toBe(false);
    }
    expect(applicationsQuerySchema.safeParse({ search: 'x' }).success).toBe(false);
  });
});
