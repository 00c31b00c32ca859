import { afterEach, describe, expect, it } from 'vitest';
import { readInvite } from '../../testing/calendar';
import { googleCalendarLink, type Invite, inviteIcs, inviteUid } from './invite';

const invite = (overrides: Partial<Invite> = {}): Invite => ({
  uid: inviteUid('cs_test_a1', 'december-2026', 'jamie.example'),
  sequence: 0,
  cancelled: false,
  start: '2026-12-10T18:00:00.000Z',
  title: 'Live workshop: Make Your Business an Asset',
  description: 'Live online with Jamie.\nJoin: https://zoom.example/j/123',
  joiningLink: 'https://zoom.example/j/123',
  organizer: { name: 'Jamie Castell', address: 'hello@jamie.example' },
  attendee: { name: 'Ada Lovelace', email: 'ada@example.com' },
  stamp: '2026-11-27T12:00:00.000Z',
  siteHost: 'jamie.example',
  ...overrides,
});

describe('the calendar invite', () => {
  const zone = process.env.TZ;
  afterEach(() => {
    if (zone === undefined) delete process.env.TZ;
    else process.env.TZ = zone;
  });

  it('is a request for the UK start, with the joining link, whatever zone the server runs in', () => {
    // A server in New York must still write 18:00 London time, not its own clock's.
    process.env.TZ = 'America/New_York';
    const { method, ics } = inviteIcs(invite());
    const read = readInvite(ics);
    expect(method).toBe('REQUEST');
    expect(read).toMatchObject({
      method: 'REQUEST',
      uid: 'cs_test_a1.december-2026@jamie.example',
      sequence: 0,
      zone: 'Europe/London',
      localStart: '2026-12-10T18:00:00',
      start: '2026-12-10T18:00:00.000Z',
      // Two hours: the content gives no end.
      end: '2026-12-10T20:00:00.000Z',
      status: 'CONFIRMED',
      location: 'https://zoom.example/j/123',
      organizer: 'mailto:hello@jamie.example',
      attendee: 'mailto:ada@example.com',
    });
    expect(read.description).toContain('https://zoom.example/j/123');
    expect(ics).toMatch(/^DTSTAMP:20261127T120000Z\r$/m);
  });

  it('writes a summer start in British Summer Time', () => {
    process.env.TZ = 'Asia/Tokyo';
    const read = readInvite(inviteIcs(invite({ start: '2027-06-10T17:00:00.000Z' })).ics);
    expect(read.localStart).toBe('2027-06-10T18:00:00');
    expect(read.start).toBe('2027-06-10T17:00:00.000Z');
  });

  it('keeps its UID when the session moves, and carries the raised sequence', () => {
    const first = readInvite(inviteIcs(invite()).ics);
    const moved = readInvite(
      inviteIcs(invite({ sequence: 1, start: '2026-12-17T18:00:00.000Z' })).ics,
    );
    expect(moved.uid).toBe(first.uid);
    expect(moved.sequence).toBe(first.sequence + 1);
    expect(moved.localStart).toBe('2026-12-17T18:00:00');
  });

  it('cancels the same entry for a cancelled session', () => {
    const { method, ics } = inviteIcs(invite({ cancelled: true, sequence: 1 }));
    const read = readInvite(ics);
    expect(method).toBe('CANCEL');
    expect(read).toMatchObject({ method: 'CANCEL', status: 'CANCELLED', sequence: 2 });
    expect(read.uid).toBe('cs_test_a1.december-2026@jamie.example');
  });

  it('leaves the place out until the owner has entered the joining link', () => {
    const read = readInvite(inviteIcs(invite({ joiningLink: null, description: 'Live.' })).ics);
    expect(read.location).toBeNull();
  });

  it('escapes what a title or name could use to add a property', () => {
    const ics = inviteIcs(
      invite({
        title: 'Workshop\r\nATTENDEE:mailto:evil@example.com',
        attendee: { name: 'Eve"\r\nX-EVIL:1', email: 'eve@example.com' },
      }),
    ).ics;
    expect(ics).not.toMatch(/^ATTENDEE:mailto:evil/m);
    expect(ics).not.toMatch(/^X-EVIL/m);
    expect(readInvite(ics)).toMatchObject({
      attendee: 'mailto:eve@example.com',
      attendeeName: 'Eve X-EVIL:1',
    });
  });
});

describe('the Google Calendar link', () => {
  it('adds the session in UTC, two hours long, with its details and place', () => {
    const link = new URL(
      googleCalendarLink({
        title: 'Live workshop',
        start: '2027-06-10T17:00:00.000Z',
        description: 'Join: https://zoom.example/j/123',
        joiningLink: 'https://zoom.example/j/123',
      }),
    );
    expect(link.origin + link.pathname).toBe('https://calendar.google.com/calendar/render');
    expect(Object.fromEntries(link.searchParams)).toEqual({
      action: 'TEMPLATE',
      text: 'Live workshop',
      dates: '20270610T170000Z/20270610T190000Z',
      details: 'Join: https://zoom.example/j/123',
      location: 'https://zoom.example/j/123',
    });
  });
});
