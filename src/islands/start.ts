import './zod-without-eval';
import type { HeldPress, HeldPresses } from './hold';
import { type IslandName, islandLoaders } from './loaders';
import { parseIslandProps } from './serialize';

/**
 * The browser half of the islands: finds every island the prerender wrote, and hydrates each
 * on its own root when it is due (see HydrateOn in island.tsx). Imports no React: a page pays
 * for React only when its first island loads, after the `load` event.
 */
export function startIslands(held: HeldPresses): void {
  const pageLoaded = new Promise<void>((resolve) => {
    if (document.readyState === 'complete') resolve();
    else window.addEventListener('load', () => resolve(), { once: true });
  });
  for (const script of document.querySelectorAll<HTMLScriptElement>('script[data-island]')) {
    const root = script.nextElementSibling;
    if (!(root instanceof HTMLElement) || !root.hasAttribute('data-island-root')) continue;
    const press = held.get(root);
    if (press) scheduleIsland(script, root, pageLoaded, press);
  }
}

const interactions = ['focusin', 'pointerdown'] as const;

function scheduleIsland(
  script: HTMLScriptElement,
  root: HTMLElement,
  pageLoaded: Promise<void>,
  press: HeldPress,
) {
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    for (const type of interactions) root.removeEventListener(type, start, true);
    void hydrateIsland(script, root).finally(press.replay);
  };
  // The visitor got there first (focus, tap, a press held since the page's first script): load
  // now, whatever the schedule.
  for (const type of interactions) root.addEventListener(type, start, true);
  press.whenPressed(start);
  void pageLoaded.then(() => {
    switch (script.dataset.hydrate) {
      case 'visible':
        return whenNearViewport(root, () => whenIdle(start));
      case 'mouse':
        return whenMouseMoves(start);
      case 'interaction':
        return; // Only the visitor's focus or press (above).
      default:
        return whenIdle(start);
    }
  });
}

/** Resolves once the island is committed (or failed to load: then it stays static HTML). */
async function hydrateIsland(script: HTMLScriptElement, root: HTMLElement): Promise<void> {
  const name = script.dataset.island as IslandName;
  const loader = islandLoaders[name];
  if (!loader) {
    console.error(`Unknown island "${name}"`);
    return;
  }
  try {
    const { props, prefix } = parseIslandProps(script.textContent) as {
      props: Record<string, unknown>;
      prefix: string;
    };
    const [{ hydrateIslandRoot }, Component] = await Promise.all([
      import('./hydrate-root'),
      loader(),
    ]);
    // Evaluating the island's modules (React's the first time) was a task of its own: let the
    // browser answer input and paint before hydration starts another.
    await yieldToMain();
    await new Promise<void>((committed) =>
      hydrateIslandRoot(root, Component as never, props, prefix, () => afterSettled(committed)),
    );
  } catch (error) {
    // The prerendered HTML still works (links, native form posts); say why it stayed static.
    console.error(`Island "${name}" could not load`, error);
  }
}

/**
 * The commit is not the end: state set in the island's first effects (a carousel's engine)
 * renders once more. A frame, then a task, lets that land before held input is replayed.
 */
function afterSettled(callback: () => void) {
  requestAnimationFrame(() => setTimeout(callback, 0));
}

/** Gives the main thread back: scheduler.yield() where the browser has it, else a new task. */
function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (scheduler?.yield) return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

function whenMouseMoves(callback: () => void) {
  const onMove = (event: PointerEvent) => {
    if (event.pointerType !== 'mouse') return;
    document.removeEventListener('pointermove', onMove);
    callback();
  };
  document.addEventListener('pointermove', onMove);
}

function whenIdle(callback: () => void) {
  if ('requestIdleCallback' in window) window.requestIdleCallback(callback, { timeout: 2000 });
  else setTimeout(callback, 200);
}

/** The island root is `display: contents` (it has no box): watch its children instead. */
function whenNearViewport(root: HTMLElement, callback: () => void) {
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      callback();
    },
    { rootMargin: '300px 0px' },
  );
  for (const child of root.children) observer.observe(child);
}
