import { useEffect, useId, useRef, useState } from 'react';
import { type OwnerMe, ownerPaths } from '../../contracts/owner';
import { cn } from '../lib/cn';
import { RoomLink } from './room-address';
import { type RoomViewId, roomViews } from './room-views';
import { signOut } from './session-api';
import { words } from './words';

/** The navigation's groups, in order; the first view stands above them all. */
const groups = [null, 'audience', 'site', 'care'] as const;

const focusRing =
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent';
const itemClass = (current: boolean) =>
  cn(
    'flex min-h-11 items-center rounded-lg px-3',
    focusRing,
    current
      ? 'bg-accent font-semibold text-on-accent'
      : 'font-medium text-cream hover:bg-night-soft',
  );

/**
 * The room's navigation, as Ghost's admin has it: a side list on a wide screen, a menu behind a
 * button on a phone (a disclosure: Escape or a choice closes it), and who is signed in. Every
 * item is a real link; the current view's says so (aria-current).
 */
export function RoomNav({
  current,
  me,
  onProblem,
}: {
  current: RoomViewId | null;
  me: OwnerMe | null;
  onProblem: (problem: string | null) => void;
}) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const close = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener('keydown', close);
    return () => document.removeEventListener('keydown', close);
  }, [open]);

  return (
    // The column keeps its colour down a long view; the list in it stays in sight (sticky).
    <div className="bg-night text-cream">
      <header className="lg:sticky lg:top-0 lg:flex lg:h-dvh lg:flex-col lg:overflow-y-auto">
        <div className="flex min-h-16 items-center justify-between gap-4 px-5 lg:px-6 lg:pt-6">
          <RoomLink
            to={ownerPaths.room}
            className={cn('font-display text-step-1 uppercase tracking-wide', focusRing)}
          >
            {words.room.heading}
          </RoomLink>
          <button
            ref={button}
            type="button"
            aria-expanded={open}
            aria-controls={menuId}
            onClick={() => setOpen(!open)}
            className={cn(
              'inline-flex min-h-11 items-center gap-2 rounded-full border border-cream px-4 font-semibold lg:hidden',
              focusRing,
            )}
          >
            <MenuIcon open={open} />
            {words.nav.menu}
          </button>
        </div>
        <div
          id={menuId}
          className={cn(
            open ? 'flex' : 'hidden',
            'flex-col gap-6 px-3 pt-2 pb-6 lg:flex lg:flex-1 lg:px-4',
          )}
        >
          <nav aria-label={words.nav.label} className="flex flex-col gap-5">
            {groups.map((group) => (
              <NavGroup
                key={group ?? 'first'}
                group={group}
                current={current}
                onChoose={() => setOpen(false)}
              />
            ))}
          </nav>
          <div className="mt-auto flex flex-col items-start gap-3 border-t border-night-soft px-3 pt-5">
            <p className="text-step--1">
              {words.room.signedInAs} <strong className="font-semibold">{me?.name}</strong>
            </p>
            <button
              type="button"
              className={cn(
                'inline-flex min-h-11 items-center rounded-full border border-cream px-5 font-medium hover:bg-night-soft',
                focusRing,
              )}
              onClick={() => void signOut(false).then(onProblem)}
            >
              {words.room.signOut}
            </button>
          </div>
        </div>
      </header>
    </div>
  );
}

function NavGroup({
  group,
  current,
  onChoose,
}: {
  group: (typeof groups)[number];
  current: RoomViewId | null;
  onChoose: () => void;
}) {
  const labelId = useId();
  return (
    <div className="flex flex-col gap-1">
      {group && (
        <p id={labelId} className="px-3 text-step--1 font-semibold uppercase tracking-wider">
          {words.nav.groups[group]}
        </p>
      )}
      <ul aria-labelledby={group ? labelId : undefined} className="flex flex-col gap-1">
        {roomViews
          .filter((view) => view.group === group)
          .map((view) => (
            <li key={view.id}>
              <RoomLink
                to={view.path}
                aria-current={view.id === current ? 'page' : undefined}
                className={itemClass(view.id === current)}
                onClick={onChoose}
              >
                {words.views[view.id]}
              </RoomLink>
            </li>
          ))}
        {group === 'site' && (
          <li>
            {/* The editor is a document of its own: a plain link, which leaves the room's views. */}
            <a href={ownerPaths.editor} className={itemClass(false)}>
              {words.editor.open}
              <span className="sr-only"> {words.nav.editorHint}</span>
              <span aria-hidden="true" className="ml-2">
                ↗
              </span>
            </a>
          </li>
        )}
      </ul>
    </div>
  );
}

/** Three lines, or a cross while the menu is open: a picture only, the button says "Menu". */
function MenuIcon({ open }: { open: boolean }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 20 20"
      width="20"
      height="20"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
    >
      {open ? <path d="M5 5l10 10M15 5L5 15" /> : <path d="M3 5h14M3 10h14M3 15h14" />}
    </svg>
  );
}
