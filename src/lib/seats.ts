import type { Content } from '../../contracts/content';
import { type SeatsTaken, seatsLeft, sessionsOnSale } from '../../contracts/workshop-sessions';
import { fillTemplate } from './template';

/**
 * What a page that sells workshop sessions (the workshop's, an owner's page's checkout block)
 * shows of their seats, from what the store knows at the moment rendered for
 * (docs/decisions/032-workshop-delivered.md, "What the page shows"). Pure: the server renders
 * the page again when these words would change (src/entry-server.tsx seatsChangedPages), so a
 * visitor without JavaScript reads the truth.
 */

/** The workshop's words for seats (content/workshop.yaml `delivery.seats`). */
export type SeatsCopy = Content['workshop']['delivery']['seats'];

interface SeatedSession {
  id: string;
  start: string;
  seats: number;
}

export interface PageSeats<S> {
  /** The session the page sells (its button, countdown and price), or none. */
  onSale: S | null;
  /**
   * The first session to come, when it is full: its date heads a notice above the one on sale,
   * or, with none on sale, the page says "Sold out" over the next-date form.
   */
  soldOut: S | null;
  /**
   * Above the session on sale: "The 10 December 2026 session is sold out." when the first to
   * come is full; "Sold out" with none on sale; otherwise nothing.
   */
  notice: string | null;
  /** Near the button: "3 seats left" or "1 seat left", once `showLeftFrom` or fewer are. */
  left: string | null;
}

const londonDay = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});

/** "10 December 2026": the London day a session starts on. */
export function sessionDay(start: string): string {
  return londonDay.format(Date.parse(start));
}

export function pageSeats<S extends SeatedSession>(
  sessions: readonly S[],
  now: number,
  taken: SeatsTaken,
  copy: SeatsCopy,
): PageSeats<S> {
  const { shown, onSale } = sessionsOnSale(sessions, now, taken);
  const soldOut = shown && shown !== onSale ? shown : null;
  const left = onSale ? seatsLeft(onSale, taken) : 0;
  return {
    onSale,
    soldOut,
    notice: soldOut
      ? onSale
        ? fillTemplate(copy.soldOutNotice, { soldOutDate: sessionDay(soldOut.start) })
        : copy.soldOut
      : null,
    // A session on sale has a seat left: 0 never shows the count.
    left:
      onSale && left <= copy.showLeftFrom
        ? left === 1
          ? copy.oneLeft
          : fillTemplate(copy.left, { seatsLeft: left })
        : null,
  };
}

/**
 * What the selling pages show of `taken` at `now`, as a key: two SeatsTaken with the same key
 * render them alike. Per session to come: cancelled or not, and its seats left up to one more
 * than the count that shows (beyond it, 11 left reads as 40 left).
 */
export function seatsShownKey(
  sessions: readonly SeatedSession[],
  now: number,
  taken: SeatsTaken,
  copy: Pick<SeatsCopy, 'showLeftFrom'>,
): string {
  const shown = new Map<string, [boolean, number]>();
  for (const session of sessions) {
    if (Date.parse(session.start) <= now || shown.has(session.id)) continue;
    shown.set(session.id, [
      taken[session.id]?.cancelled === true,
      Math.min(seatsLeft(session, taken), copy.showLeftFrom + 1),
    ]);
  }
  return JSON.stringify([...shown].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}
