import { describe, expect, it } from 'vitest';
import type { SeatsTaken } from '../../contracts/workshop-sessions';
import { pageSeats, type SeatsCopy, seatsShownKey } from './seats';

const copy: SeatsCopy = {
  showLeftFrom: 5,
  left: '{seatsLeft} seats left',
  oneLeft: '1 seat left',
  soldOut: 'Sold out',
  soldOutNotice: 'The {soldOutDate} session is sold out.',
};
const december = { id: 'december-2026', start: '2026-12-10T18:00:00+00:00', seats: 10 };
const february = { id: 'february-2027', start: '2027-02-11T18:00:00+00:00', seats: 10 };
const sessions = [february, december];
const now = Date.parse('2026-12-01T12:00:00Z');
const taken = (id: string, sold: number, held = 0, cancelled = false): SeatsTaken => ({
  [id]: { sold, held, cancelled },
});

describe('what a selling page shows of the seats (pageSeats)', () => {
  it('sells the first session to come and says nothing while more than the threshold is left', () => {
    expect(pageSeats(sessions, now, {}, copy)).toEqual({
      onSale: december,
      soldOut: null,
      notice: null,
      left: null,
    });
    expect(pageSeats(sessions, now, taken(december.id, 4), copy).left).toBeNull();
  });

  it('counts held seats as gone: "5 seats left" at the threshold, "1 seat left" at one', () => {
    expect(pageSeats(sessions, now, taken(december.id, 3, 2), copy).left).toBe('5 seats left');
    expect(pageSeats(sessions, now, taken(december.id, 8, 1), copy).left).toBe('1 seat left');
  });

  it('never shows the count with a threshold of 0', () => {
    const never = { ...copy, showLeftFrom: 0 };
    expect(pageSeats(sessions, now, taken(december.id, 9), never).left).toBeNull();
  });

  it('names a full first session by its London day and sells the next, whose count shows', () => {
    const seats = pageSeats(
      sessions,
      now,
      { ...taken(december.id, 10), ...taken(february.id, 7) },
      copy,
    );
    expect(seats).toEqual({
      onSale: february,
      soldOut: december,
      notice: 'The 10 December 2026 session is sold out.',
      left: '3 seats left',
    });
  });

  it('says "Sold out" and sells nothing when every session to come is full, even oversold', () => {
    const seats = pageSeats(
      sessions,
      now,
      { ...taken(december.id, 12), ...taken(february.id, 0, 10) },
      copy,
    );
    expect(seats).toMatchObject({
      onSale: null,
      soldOut: december,
      notice: 'Sold out',
      left: null,
    });
  });

  it('passes over a cancelled session without calling it sold out, and has nothing once all started', () => {
    expect(pageSeats(sessions, now, taken(december.id, 0, 0, true), copy)).toMatchObject({
      onSale: february,
      notice: null,
    });
    expect(pageSeats(sessions, Date.parse('2027-03-01T00:00:00Z'), {}, copy)).toEqual({
      onSale: null,
      soldOut: null,
      notice: null,
      left: null,
    });
  });
});

describe('the key of what the seats show (seatsShownKey)', () => {
  const key = (seats: SeatsTaken, at = now) => seatsShownKey(sessions, at, seats, copy);

  it('is the same while the counts stay above the threshold, whatever they are', () => {
    expect(key({})).toBe(key(taken(december.id, 2, 1)));
    expect(key(taken(december.id, 4))).not.toBe(key(taken(december.id, 5)));
  });

  it('changes with each count that shows, a sold-out session and a cancellation', () => {
    const keys = [
      key(taken(december.id, 6)),
      key(taken(december.id, 7)),
      key(taken(december.id, 10)),
      key(taken(december.id, 0, 0, true)),
      key(taken(february.id, 5)),
    ];
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('leaves out the sessions that have started', () => {
    const after = Date.parse('2026-12-11T00:00:00Z');
    expect(key(taken(december.id, 10), after)).toBe(key({}, after));
  });
});
