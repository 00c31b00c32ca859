/**
 * The workshop session on sale at a moment: the first to start after it, or none. One rule for
 * the page (which session its copy and price describe) and the server (which session's
 * checkout a click on that page goes to, contracts/checkout.ts). No zod here: pages import it.
 */
export function nextSession<S extends { start: string }>(
  sessions: readonly S[],
  now: number,
): S | null {
  return (
    [...sessions]
      .sort((a, b) => Date.parse(a.start) - Date.parse(b.start))
      .find((session) => Date.parse(session.start) > now) ?? null
  );
}

/**
 * What the store knows of each session's seats (docs/decisions/032-workshop-delivered.md), by the
 * session's id: paid seats, seats held by open checkouts, and whether the owner cancelled it. A
 * session missing here has sold none, holds none and is not cancelled: the build's view, which
 * knows no store.
 */
export type SeatsTaken = Readonly<
  Record<string, { sold: number; held: number; cancelled: boolean }>
>;

/** A session as far as its seats go. */
interface SeatedSession {
  id: string;
  start: string;
  seats: number;
}

/** The seats a session has left: never below 0 (a capacity lowered below what was sold). */
export function seatsLeft(session: SeatedSession, taken: SeatsTaken = {}): number {
  const seats = taken[session.id];
  return Math.max(0, session.seats - (seats?.sold ?? 0) - (seats?.held ?? 0));
}

/**
 * What a page that sells these sessions shows at `now`: `shown`, the first session to come that
 * is not cancelled (its date heads the page, "Sold out" when it is full); `onSale`, the session
 * its button sells, `shown` itself while it has seats, else the next one to come that has some;
 * none when nothing is left to sell. One rule for the page and the checkout (contracts/checkout.ts).
 */
export function sessionsOnSale<S extends SeatedSession>(
  sessions: readonly S[],
  now: number,
  taken: SeatsTaken = {},
): { shown: S | null; onSale: S | null } {
  const coming = [...sessions]
    .sort((a, b) => Date.parse(a.start) - Date.parse(b.start))
    .filter((session) => Date.parse(session.start) > now && !taken[session.id]?.cancelled);
  return {
    shown: coming[0] ?? null,
    onSale: coming.find((session) => seatsLeft(session, taken) > 0) ?? null,
  };
}
