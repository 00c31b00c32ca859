import '../styles/global.css';
import { holdPresses } from '../islands/hold';

/**
 * Every page's client entry: all it fetches before the first paint is this module. The rest of
 * the page's code (src/pages/page-runtime.ts) starts after that paint, and only once it has work
 * on screen (`whenWanted`), so nothing of ours competes with the HTML, the stylesheet and the
 * fonts for it: the first paint is the whole page.
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
  afterFirstPaint(() => whenWanted(start));
}

/** What the consent module (src/lib/consent.ts) stores its choice under. */
export const storedConsentKey = 'consent';

/**
 * Whether the stored consent asks for the page's code at once: no choice yet (the banner must be
 * shown), or a choice that lets a tag load. Read here rather than through src/lib/consent.ts:
 * this module is written into every page and must import nothing (scripts/inline-start.ts).
 * Anything unreadable counts as no consent, as there.
 */
export function consentWantsCode(raw: string | null): boolean {
  if (raw === null) return true;
  try {
    const choice: unknown = JSON.parse(raw);
    if (typeof choice !== 'object' || choice === null) return false;
    const { analytics, advertising } = choice as Record<string, unknown>;
    return analytics === true || advertising === true;
  } catch {
    return false;
  }
}

function storedConsent(): string | null {
  try {
    return window.localStorage.getItem(storedConsentKey);
  } catch {
    return null; // Storage blocked: the banner asks on every page, as src/lib/consent.ts does.
  }
}

/** How near the screen a part must come for its code to load (as src/islands/start.ts). */
const nearScreen = '300px 0px';

/**
 * The rest of the page's code is wanted after the first paint only when it has work on screen:
 * the consent banner to show, a consented tag to load, an island that starts when idle. Otherwise
 * (a returning reader on a long post) it waits until a part it drives comes near the screen: an
 * island, a checkout link or a link on to our own page it completes, a control that reopens the
 * consent banner; or a mouse moves, for the islands that wait for one. A press before then is held (src/islands/hold.ts).
 */
function whenWanted(start: () => void): void {
  const islands = [...document.querySelectorAll<HTMLElement>('script[data-island]')];
  const schedules = new Set(islands.map((script) => script.dataset.hydrate));
  if (consentWantsCode(storedConsent()) || schedules.has('idle')) {
    start();
    return;
  }
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      stop();
      start();
    },
    { rootMargin: nearScreen },
  );
  const onMouse = (event: PointerEvent) => {
    if (event.pointerType !== 'mouse') return;
    stop();
    start();
  };
  const stop = () => {
    observer.disconnect();
    document.removeEventListener('pointermove', onMouse);
  };
  // An island's root has no box of its own (`display: contents`): its children are watched.
  // Links that take the source along (src/lib/source-link.ts) as checkout links do.
  for (const part of document.querySelectorAll(
    '[data-island-root] > *, a[data-checkout-link], a[data-source-link]',
  )) {
    observer.observe(part);
  }
  // A control that reopens the banner is hidden until the code shows it: its parent is watched.
  for (const control of document.querySelectorAll('[data-consent-open]')) {
    observer.observe(control.parentElement ?? control);
  }
  if (schedules.has('mouse')) document.addEventListener('pointermove', onMouse);
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
