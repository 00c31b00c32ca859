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
