import '../styles/global.css';
import { holdPresses } from '../islands/hold';

/**
 * Every page's client entry: all it fetches before the first paint is this module. The rest of
 * the page's code (src/pages/page-runtime.ts) starts after that paint, so nothing of ours
 * competes with the HTML, the stylesheet and the fonts for it: the first paint is the whole page.
 * A visitor who presses a button or sends a form before then is held (src/islands/hold.ts) and
 * brings the rest in at once.
 */
export function startPage(): void {
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    import('./page-runtime').then(
      ({ runPage }) => runPage(held),
      (error: unknown) => {
        // The page is whole without it: links work and forms post as plain HTML.
        console.error('The page’s code could not load', error);
        for (const press of held.values()) press.replay();
      },
    );
  };
  const held = holdPresses(start);
  afterFirstPaint(start);
}

/**
 * Runs `callback` once the page's first contentful paint is on the screen (its paint timing entry;
 * a frame after the next one where a browser has none). A frame's rendering task ends before the
 * frame is shown, so a task queued from requestAnimationFrame would still start before it.
 */
function afterFirstPaint(callback: () => void): void {
  if (!PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    requestAnimationFrame(() => requestAnimationFrame(callback));
    return;
  }
  const observer = new PerformanceObserver((entries) => {
    if (entries.getEntriesByName('first-contentful-paint').length === 0) return;
    observer.disconnect();
    callback();
  });
  observer.observe({ type: 'paint', buffered: true });
}
