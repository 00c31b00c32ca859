import { cn } from '../../lib/cn';
import type { PageSeats } from '../../lib/seats';

/** What a selling section shows of the seats (src/lib/seats.ts pageSeats). */
export type SeatsNotes = Pick<PageSeats<unknown>, 'notice' | 'left'>;

/**
 * Above the session on sale, when the first to come is full: "The 10 December 2026 session is
 * sold out." A plain tile in the page's colours, so the button stays the one accent on screen.
 */
export function SoldOutNotice({ text, className }: { text: string | null; className?: string }) {
  if (!text) return null;
  return (
    <p
      className={cn(
        'inline-block rounded-full bg-surface px-4 py-1.5 text-step--1 font-semibold ring-1 ring-line',
        className,
      )}
    >
      {text}
    </p>
  );
}

/**
 * "3 seats left", under the button once few are. Its line is there whether or not it has words,
 * so a page rendered again as seats go (the server's calendar) keeps its layout.
 */
export function SeatsLeft({ text, className }: { text: string | null; className?: string }) {
  return (
    <p
      className={cn(
        'min-h-[1lh] text-step--1 font-bold uppercase tracking-wider text-kicker',
        className,
      )}
    >
      {text}
    </p>
  );
}
