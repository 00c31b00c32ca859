/**
 * Before an island is live, a press on one of its buttons or a form submit would be lost (or
 * post natively). From the page's first script on (src/pages/start-page.ts), each island holds
 * the first one, asks for its code at once, and replays it once React has committed; if the
 * code failed to load, the browser does what it would have done without us. Links are left
 * alone: they work as plain HTML.
 */
export interface HeldPress {
  /** The island can start now: it starts at once if the visitor has already pressed. */
  whenPressed(start: () => void): void;
  /** Replays the held press without holding any more (the island is live, or stays static). */
  replay(): void;
}

export type HeldPresses = ReadonlyMap<HTMLElement, HeldPress>;

/** Holds the first press in every island of the page; `onPress` runs on each press held. */
export function holdPresses(onPress: () => void): HeldPresses {
  const held = new Map<HTMLElement, HeldPress>();
  for (const root of document.querySelectorAll<HTMLElement>('[data-island-root]')) {
    held.set(root, holdFirstPress(root, onPress));
  }
  return held;
}

function holdFirstPress(root: HTMLElement, onPress: () => void): HeldPress {
  let pending: (() => void) | null = null;
  let start: (() => void) | null = null;
  const hold = (event: Event, action: () => void) => {
    event.preventDefault();
    event.stopPropagation();
    pending ??= action;
    onPress();
    start?.();
  };
  const onClick = (event: Event) => {
    const button = event.target instanceof Element ? event.target.closest('button') : null;
    if (!button || !root.contains(button)) return;
    hold(event, () => button.click());
  };
  const onSubmit = (event: Event) => {
    if (!(event.target instanceof HTMLFormElement)) return;
    const form = event.target;
    hold(event, () => form.requestSubmit());
  };
  root.addEventListener('click', onClick, true);
  root.addEventListener('submit', onSubmit, true);
  return {
    whenPressed(startIsland) {
      start = startIsland;
      if (pending) startIsland();
    },
    replay() {
      root.removeEventListener('click', onClick, true);
      root.removeEventListener('submit', onSubmit, true);
      const action = pending;
      pending = null;
      action?.();
    },
  };
}
