/**
 * The room's few shared pieces: its buttons, its problem line and its date format. The room
 * stands apart from the site's component kit (scripts/dependency-direction.test.ts), so it keeps
 * its own, built from the same tokens (src/styles/theme.css).
 */

export const buttonClass =
  'inline-flex min-h-12 items-center justify-center rounded-full bg-accent px-6 font-semibold text-on-accent hover:bg-accent-strong focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ink disabled:opacity-60';
export const quietButtonClass =
  'inline-flex min-h-11 items-center justify-center rounded-full border border-ink px-5 font-medium hover:bg-surface focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ink disabled:opacity-60';

/** A problem the owner should read: announced, and kept in its place when empty. */
export function Problem({ message }: { message: string | null }) {
  return (
    <p role="alert" className="min-h-6 whitespace-pre-line text-danger">
      {message}
    </p>
  );
}

const dateTime = new Intl.DateTimeFormat('en-GB', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Europe/London',
});
/** A moment as the owner reads it: London time. */
export const when = (iso: string) => dateTime.format(new Date(iso));
