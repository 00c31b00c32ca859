/**
 * A timer for the urgency widgets (product brief §4): it calls `onTick` after each `nextDelay()` and
 * stays silent while the tab is hidden ("skipped while the tab is hidden"), resuming with a fresh
 * delay when it is shown again. Returns the function that stops it. Time comes from the
 * platform's timers, so tests drive it with fake timers and browser tests with Playwright's clock.
 */
export function startTicker({
  nextDelay,
  onTick,
  doc = document,
}: {
  nextDelay: () => number;
  onTick: () => void;
  doc?: Pick<Document, 'visibilityState' | 'addEventListener' | 'removeEventListener'>;
}): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const schedule = () => {
    clearTimeout(timer);
    if (doc.visibilityState === 'hidden') return;
    timer = setTimeout(() => {
      onTick();
      schedule();
    }, nextDelay());
  };
  const onVisibility = () => schedule();
  doc.addEventListener('visibilitychange', onVisibility);
  schedule();
  return () => {
    clearTimeout(timer);
    doc.removeEventListener('visibilitychange', onVisibility);
  };
}
