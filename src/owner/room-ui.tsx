import {
  type ComponentPropsWithRef,
  createContext,
  type ReactNode,
  useContext,
  useEffect,
  useRef,
} from 'react';
import { ownerPaths } from '../../contracts/owner';
import { type ApiResult, fallbackApiError, malformedAnswerError } from '../lib/api-client';
import { words } from './words';

/** What the room's views share: buttons, fields, sections, dates and how a refusal reads. */

export const buttonClass =
  'inline-flex min-h-12 items-center justify-center rounded-full bg-accent px-6 font-semibold text-on-accent hover:bg-accent-strong focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ink disabled:opacity-60';
export const quietButtonClass =
  'inline-flex min-h-11 items-center justify-center rounded-full border border-ink px-5 font-medium hover:bg-surface focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ink disabled:opacity-60';
/** For what cannot be undone (an erasure): the danger colour, white on it passes AA. */
export const dangerButtonClass =
  'inline-flex min-h-12 items-center justify-center rounded-full bg-danger px-6 font-semibold text-white hover:opacity-90 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ink disabled:opacity-60';
export const fieldClass =
  'min-h-12 rounded-lg border border-line bg-field px-4 text-on-field focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ink';
/** Headers and cells of the room's tables; figures line up on the right. */
export const thClass = 'py-2 pr-3 text-left font-semibold whitespace-nowrap text-muted';
export const numberClass = 'py-2 pr-3 text-right tabular-nums last:pr-4';

/** A problem the owner should read: announced, kept in its place when empty, its lines kept. */
export function Problem({ message }: { message: string | null }) {
  return (
    <p role="alert" className="min-h-6 whitespace-pre-line text-danger">
      {message}
    </p>
  );
}

/**
 * The second step of what cannot be taken back (an erasure, "Make this the page"): the question,
 * and its yes and cancel. The yes takes the focus when it appears, where the owner is; `danger`
 * for what nothing brings back.
 */
export function ConfirmStep({
  question,
  yes,
  cancel,
  busy,
  danger = false,
  onYes,
  onCancel,
}: {
  question: string;
  yes: string;
  cancel: string;
  busy: boolean;
  danger?: boolean;
  onYes: () => void;
  onCancel: () => void;
}) {
  const yesRef = useRef<HTMLButtonElement>(null);
  useEffect(() => yesRef.current?.focus(), []);
  return (
    <fieldset
      className={`max-w-xl rounded-card border-2 p-4 ${danger ? 'border-danger' : 'border-line'}`}
    >
      <legend className="float-left mb-3 w-full font-semibold">{question}</legend>
      <div className="clear-left flex flex-wrap gap-3">
        <button
          ref={yesRef}
          type="button"
          className={danger ? dangerButtonClass : buttonClass}
          disabled={busy}
          onClick={onYes}
        >
          {yes}
        </button>
        <button type="button" className={quietButtonClass} disabled={busy} onClick={onCancel}>
          {cancel}
        </button>
      </div>
    </fieldset>
  );
}

/**
 * The field of a one-field form (the lead search, the address to erase): its label, then the
 * field with its submit button beside it, the button wrapping under it on a narrow screen. No
 * button while `submit` is null (the erasure asks its question instead).
 */
export function FieldWithButton({
  id,
  label,
  submit,
  ...input
}: ComponentPropsWithRef<'input'> & { id: string; label: string; submit: string | null }) {
  return (
    <>
      <label htmlFor={id} className="font-semibold">
        {label}
      </label>
      <div className="flex flex-wrap gap-3">
        <input id={id} {...input} className={`${fieldClass} min-w-0 flex-1 basis-64`} />
        {submit !== null && (
          <button type="submit" className={quietButtonClass}>
            {submit}
          </button>
        )}
      </div>
    </>
  );
}

/** A column of a room table: its heading, and a class where it differs (figures align right). */
export type Column = string | { label: ReactNode; className: string };

/**
 * A room table's head row, every heading a column header; the first keeps off the card's edge.
 */
export function HeadRow({ columns }: { columns: Column[] }) {
  return (
    <thead>
      <tr className="border-b-2 border-ink">
        {columns.map((column, index) => {
          const { label, className } =
            typeof column === 'string' ? { label: column, className: '' } : column;
          return (
            <th
              // biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed for a table.
              key={index}
              scope="col"
              className={`${thClass} ${index === 0 ? 'pl-4' : ''} ${className}`}
            >
              {label}
            </th>
          );
        })}
      </tr>
    </thead>
  );
}

/**
 * How deep a heading is where it stands: 1 for a view's own heading (room-app.tsx), one more in
 * each section. A view shown alone in a test or inside another view keeps a true outline.
 */
const HeadingLevel = createContext(2);
export const ViewHeadingLevel = ({ children }: { children: ReactNode }) => (
  <HeadingLevel.Provider value={1}>{children}</HeadingLevel.Provider>
);

/** What follows a heading that is not a Section's (an article's): its own headings one deeper. */
export function UnderHeading({ children }: { children: ReactNode }) {
  const level = useContext(HeadingLevel);
  return <HeadingLevel.Provider value={level + 1}>{children}</HeadingLevel.Provider>;
}

/**
 * A heading at the level of where it stands. A view's own (level 1) takes the focus when the
 * owner moves to the view, so it can be focused by script, not by Tab.
 */
export function Heading({
  id,
  className,
  children,
}: {
  id?: string;
  className: string;
  children: ReactNode;
}) {
  const level = useContext(HeadingLevel);
  const Tag = `h${Math.min(level, 6)}` as 'h2';
  return (
    <Tag id={id} className={className} tabIndex={level === 1 ? -1 : undefined}>
      {children}
    </Tag>
  );
}

/** A view's own heading, and a section's within a view. */
export const viewHeadingClass = 'font-display text-step-3 uppercase leading-none lg:text-step-4';
const sectionHeadingClass = 'font-display text-step-2 uppercase';
/** A heading inside a section: an experiment's name, the versions. */
export const subheadingClass = 'text-step-1 font-semibold';

/**
 * One part of the room: a heading and what it shows. Its heading is the view's own where it is
 * the view (room-app.tsx), a section's where it is part of one (the first view).
 */
export function Section({
  id,
  heading,
  children,
}: {
  id: string;
  heading: string;
  children: ReactNode;
}) {
  const level = useContext(HeadingLevel);
  return (
    <section aria-labelledby={id} className="flex flex-col gap-4">
      <Heading id={id} className={level === 1 ? viewHeadingClass : sectionHeadingClass}>
        {heading}
      </Heading>
      <HeadingLevel.Provider value={level + 1}>{children}</HeadingLevel.Provider>
    </section>
  );
}

/**
 * A room table, captioned. A wide one scrolls sideways inside its own region on a phone, never
 * past the screen's edge; shadows at its edges show there is more (room.css). Being focusable
 * lets a keyboard scroll it too; being positioned keeps a heading read only by a screen reader
 * (sr-only, placed absolutely) inside it rather than past the screen's edge. The region is named
 * apart from the section around it, whose name the table's caption takes: two landmarks of one
 * name would be one too many.
 */
export function RoomTable({ label, children }: { label: string; children: ReactNode }) {
  return (
    <section
      aria-label={words.room.tableRegion(label)}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (WCAG 2.1.1).
      tabIndex={0}
      className="scroll-shadows relative max-w-full overflow-x-auto rounded-card border border-line bg-field text-on-field focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ink"
    >
      <table className="w-full text-left text-step--1">
        <caption className="sr-only">{label}</caption>
        {children}
      </table>
    </section>
  );
}

const dateTime = new Intl.DateTimeFormat('en-GB', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Europe/London',
});
export const when = (iso: string) => dateTime.format(new Date(iso));

/**
 * A call's refusal as the owner reads it: the server's message, with each field at fault named
 * ("From must be a day…"). A session that ended meanwhile goes back to the sign-in page.
 */
export function problemOf(answer: Extract<ApiResult<unknown>, { ok: false }>): string {
  if (answer.status === 401) window.location.assign(ownerPaths.signIn);
  const fields = Object.entries(answer.fields ?? {}).map(
    ([field, message]) => `${words.fields[field] ?? field} ${message}`,
  );
  if (fields.length > 0) return fields.join(' ');
  // The client's own messages are for the logs (product brief §8), not for the owner.
  return [fallbackApiError, malformedAnswerError].includes(answer.error)
    ? words.failed
    : answer.error;
}
