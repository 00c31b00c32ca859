import type { ComponentPropsWithRef, ReactNode } from 'react';
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
export const thClass = 'py-2 pr-3 text-left font-semibold text-muted lg:whitespace-nowrap';
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

/** One part of the room: a heading and what it shows. */
export function Section({
  id,
  heading,
  children,
}: {
  id: string;
  heading: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-4">
      <h2 id={id} className="font-display text-step-2 uppercase">
        {heading}
      </h2>
      {children}
    </section>
  );
}

/**
 * A room table, captioned for screen readers. A wide one scrolls sideways on a phone; being
 * focusable lets a keyboard scroll it too. A named group, not a landmark: its section already is
 * one, with the same name.
 */
export function RoomTable({ label, children }: { label: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: a fieldset groups form controls; this groups a table to scroll.
    <div
      role="group"
      aria-label={label}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (WCAG 2.1.1).
      tabIndex={0}
      className="overflow-x-auto rounded-card border border-line bg-field text-on-field focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ink"
    >
      <table className="w-full text-left text-step--1">
        <caption className="sr-only">{label}</caption>
        {children}
      </table>
    </div>
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
