import { describe, expect, it } from 'vitest';
import { maxSessionLinkLength, workshopAttendeeId, workshopLinksSchema } from './workshop';

/** What the room and `npm run leads -- workshop links` accept as a session's private links. */
describe('a session’s joining and replay links', () => {
  const links = (given: Record<string, unknown>) =>
    workshopLinksSchema.safeParse({ session: 'december-2026', ...given });

  it('takes an https address, the spaces of a paste dropped, and an empty field as cleared', () => {
    expect(links({ joining: '  https://zoom.us/j/123?pwd=abc\n', replay: '' }).data).toStrictEqual({
      session: 'december-2026',
      joining: 'https://zoom.us/j/123?pwd=abc',
      replay: null,
    });
    expect(links({ replay: null }).data).toStrictEqual({ session: 'december-2026', replay: null });
  });

  it.each([
    ['plain http', 'http://zoom.us/j/123'],
    ['a script', 'javascript:alert(1)'],
    ['no scheme', 'zoom.us/j/123'],
    ['a name and password inside', 'https://me:secret@zoom.us/j/123'],
    ['a space inside', 'https://zoom.us/j/1 23'],
    ['a control character inside', 'https://zoom.us/j/1\u000723'],
    ['a line break inside', 'https://zoom.us/j/1\r\n23'],
    ['too long', `https://zoom.us/${'a'.repeat(maxSessionLinkLength)}`],
    ['not text', 42],
  ])('refuses %s', (_, joining) => {
    const result = links({ joining });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toStrictEqual(['joining']);
  });

  it('takes a link of the longest length, and needs at least one link', () => {
    const longest = `https://zoom.us/${'a'.repeat(maxSessionLinkLength - 16)}`;
    expect(longest).toHaveLength(maxSessionLinkLength);
    expect(links({ joining: longest }).success).toBe(true);
    expect(links({}).success).toBe(false);
  });

  it('refuses an unknown field and a session named otherwise than the content names it', () => {
    expect(links({ joining: null, extra: 1 }).success).toBe(false);
    expect(workshopLinksSchema.safeParse({ session: '../x', joining: null }).success).toBe(false);
    expect(workshopLinksSchema.safeParse({ session: 'A'.repeat(41), joining: null }).success).toBe(
      false,
    );
  });
});

it('an attendee is named by their Checkout Session’s id only', () => {
  expect(workshopAttendeeId.safeParse('cs_test_a1B2c3').success).toBe(true);
  for (const wrong of ['a1B2c3', 'cs_', 'cs_test_a1; drop', `cs_${'a'.repeat(300)}`]) {
    expect(workshopAttendeeId.safeParse(wrong).success, wrong).toBe(false);
  }
});
