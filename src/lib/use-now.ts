import { useSyncExternalStore } from 'react';

/**
 * The one way components read the time (style.md, principle 14). The prerender and the first
 * client render both see `null` ("not known yet"), so the HTML and the hydration agree and a
 * component shows its prerendered value; the browser then ticks every second (while the tab is
 * visible, catching up at once when it is shown again). The clock is injectable for tests.
 */
let clock: () => number = () => Date.now();

/** Tests swap the clock; returns the function that restores it. */
export function setClock(next: () => number): () => void {
  const previous = clock;
  clock = next;
  tick();
  return () => {
    clock = previous;
    tick();
  };
}

const listeners = new Set<() => void>();
let current = clock();
let timer: ReturnType<typeof setInterval> | undefined;

function tick() {
  current = clock();
  for (const listener of listeners) listener();
}

function onVisibility() {
  if (document.visibilityState === 'visible') tick();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (listeners.size === 1) {
    tick();
    timer = setInterval(() => {
      if (document.visibilityState !== 'hidden') tick();
    }, 1000);
    document.addEventListener('visibilitychange', onVisibility);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size > 0) return;
    clearInterval(timer);
    document.removeEventListener('visibilitychange', onVisibility);
  };
}

/** The current time in ms, or null in the prerender and during hydration. */
export function useNow(): number | null {
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => null,
  );
}
