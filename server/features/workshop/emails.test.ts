import { resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadContent } from '../../../contracts/content/load';
import { readInvite } from '../../testing/calendar';
import { type AttendeeEmailFacts, attendeeEmail, ukDate, ukTime } from './emails';

let words: AttendeeEmailFacts['words'];
beforeAll(async () => {
  words = (await loadContent(resolve(import.meta.dirname, '../../../content'))).workshop.delivery
    .emails;
});

const facts = (overrides: Partial<AttendeeEmailFacts> = {}): AttendeeEmailFacts => ({
  kind: 'workshop-confirmation',
  words,
  attendee: { id: 'cs_test_1', name: 'Ada <b>Lovelace</b>', email: 'ada@example.com' },
  session: {
    id: 'december-2026',
    start: '2026-12-10T18:00:00.000Z',
    sequence: 0,
    joiningLink: 'https://zoom.example/j/1?pwd=a&b',
    replayLink: null,
    cancelled: false,
  },
  organizer: { name: 'Jamie', address: 'hello@jamie.example' },
  siteHost: 'jamie.example',
  now: Date.parse('2026-11-27T12:00:00Z'),
  ...overrides,
});

describe("the attendees' emails", () => {
  it('say the date and time as the UK does, in summer and in winter', () => {
    expect(ukDate('2026-12-10T18:00:00.000Z')).toBe('Thursday, 10 December 2026');
    expect(ukTime('2026-12-10T18:00:00.000Z')).toBe('18:00');
    // 17:00 UTC in June is 18:00 in London (BST), and just after midnight UTC may be the day after.
    expect(ukTime('2027-06-10T17:00:00.000Z')).toBe('18:00');
    expect(ukDate('2027-06-10T23:30:00.000Z')).toBe('Friday, 11 June 2027');
  });

  it('escape the buyer’s name in the HTML, and link the joining link', () => {
    const { html, text } = attendeeEmail(facts());
    expect(text).toContain('Hi Ada <b>Lovelace</b>,');
    expect(html).not.toContain('<b>');
    expect(html).toMatch(/<a href="https:\/\/zoom\.example\/j\/1\?pwd=a&#\d+;b">/);
  });

  it('carry the invite with the confirmation, a new time and a cancellation only', () => {
    expect(readInvite(attendeeEmail(facts()).invite?.ics ?? '').method).toBe('REQUEST');
    for (const kind of [
      'workshop-reminder-day',
      'workshop-reminder-hour',
      'workshop-replay',
    ] as const) {
      expect(attendeeEmail(facts({ kind })).invite, kind).toBeUndefined();
    }
    const moved = attendeeEmail(
      facts({ kind: 'workshop-rescheduled', previousStart: '2026-12-03T18:00:00.000Z' }),
    );
    expect(moved.text).toContain(
      'moved from Thursday, 3 December 2026 to Thursday, 10 December 2026',
    );
    const cancelled = attendeeEmail(facts({ kind: 'workshop-cancelled' }));
    expect(readInvite(cancelled.invite?.ics ?? '').method).toBe('CANCEL');
  });
});
