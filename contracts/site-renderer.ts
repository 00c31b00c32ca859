import type { DocumentId } from './content/experiments';
import type { SeatsTaken } from './workshop-sessions';

/**
 * What the server asks of the built site to keep pages in step with the calendar: the build
 * writes a render bundle (dist/server/render.js) whose `createSiteRenderer` returns this, over
 * the content and assets the build resolved (dist/server/render-input.json). The server never
 * imports src/: it loads that bundle at boot.
 */
export interface SiteRenderer {
  /**
   * Full HTML documents of these pages, or of their experiments' variants, as they read at `now`
   * (ms since the epoch) with the workshop's seats `taken` (absent: the build's view, every seat
   * free).
   */
  render(
    pages: readonly DocumentId[],
    now: number,
    taken?: SeatsTaken,
  ): Promise<Map<DocumentId, string>>;
  /**
   * The documents whose HTML changes at `now` when the seats the store knows go from `before` to
   * `after` (docs/decisions/032-workshop-delivered.md): none while the pages would read the same
   * (a count above the one that shows, say); the pages that sell sessions (the workshop and its
   * variants, each owner's page with a checkout block and its variants) when a count, a "Sold
   * out" or a cancellation shows differently; every document when the session the workshop's facts
   * describe changes, as "{workshopDate}" may be in any page's words; the cohort's pages, and any
   * other whose words name "{cohortSeatsLeft}", when the cohort's seats left change
   * (docs/decisions/033-cohort-applications.md).
   */
  pagesChangedBySeats(before: SeatsTaken, after: SeatsTaken, now: number): readonly DocumentId[];
  /** Every moment a page's words change, from the content's dates, in time order. */
  calendar(): readonly CalendarEvent[];
}

export interface CalendarEvent {
  /** When it happens (ms since the epoch). */
  at: number;
  /** What changes, for the owner: "Workshop of 10 December 2026 starts: …". */
  what: string;
  /** The pages (and variants) whose HTML changes then. */
  pages: readonly DocumentId[];
  /**
   * Set when the content goes stale then (the last workshop session starts, an offer ends): what
   * the owner should do before it. The build and the server warn 14 days ahead.
   */
  warning?: string;
}

/** The module shape of dist/server/render.js. */
export interface RenderBundle {
  createSiteRenderer(input: unknown): SiteRenderer;
}
