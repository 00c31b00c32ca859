import { describe, expect, it } from 'vitest';
import { countdown, secondsUntil, ukEventLabel, ukZoneLabel } from './countdown';

const start = Date.parse('2025-09-22T17:00:00Z'); // 18:00 in London (BST)

describe('countdown', () => {
  it('splits the time left into days, hours, minutes and seconds', () => {
    const now = start - (2 * 86_400 + 3 * 3600 + 4 * 60 + 5) * 1000;
    expect(countdown(start, now)).toEqual({
      days: 2,
      hours: 3,
      minutes: 4,
      seconds: 5,
      done: false,
    });
  });

  it('rounds part-seconds down, and is done at the target', () => {
    expect(countdown(start, start - 1500)).toMatchObject({ seconds: 1, done: false });
    expect(countdown(start, start)).toEqual({
      days: 0,
      hours: 0,
      minutes: 0,
      seconds: 0,
      done: true,
    });
  });

  it('shows zeros once the target has passed (D16)', () => {
    expect(countdown(start, start + 86_400_000)).toEqual({
      days: 0,
      hours: 0,
      minutes: 0,
      seconds: 0,
      done: true,
    });
  });

  it('counts whole seconds until a target', () => {
    expect(secondsUntil(start, start - 44_200)).toBe(45);
    expect(secondsUntil(start, start + 10)).toBe(0);
  });
});

describe('ukZoneLabel', () => {
  it('follows the real Europe/London offset', () => {
    expect(ukZoneLabel(start)).toBe('BST');
    expect(ukZoneLabel(Date.parse('2025-11-22T18:00:00Z'))).toBe('GMT');
  });

  it('changes exactly at the clock changes (30 March and 26 October 2025, 01:00 UTC)', () => {
    expect(ukZoneLabel(Date.parse('2025-03-30T00:59:59Z'))).toBe('GMT');
    expect(ukZoneLabel(Date.parse('2025-03-30T01:00:00Z'))).toBe('BST');
    expect(ukZoneLabel(Date.parse('2025-10-26T00:59:59Z'))).toBe('BST');
    expect(ukZoneLabel(Date.parse('2025-10-26T01:00:00Z'))).toBe('GMT');
  });
});

describe('ukEventLabel', () => {
  it('writes the workshop start as the product brief does, in London time', () => {
    expect(ukEventLabel(start)).toBe('September 22nd @ 18:00 UK (BST)');
  });

  it('follows the zone on the other side of a clock change', () => {
    expect(ukEventLabel(Date.parse('2025-11-01T18:00:00Z'))).toBe('November 1st @ 18:00 UK (GMT)');
    expect(ukEventLabel(Date.parse('2025-10-26T00:30:00Z'))).toBe('October 26th @ 01:30 UK (BST)');
    expect(ukEventLabel(Date.parse('2025-10-26T01:30:00Z'))).toBe('October 26th @ 01:30 UK (GMT)');
    expect(ukEventLabel(Date.parse('2026-01-13T09:05:00Z'))).toBe('January 13th @ 09:05 UK (GMT)');
  });
});
