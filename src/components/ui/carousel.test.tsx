// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Carousel } from './carousel';

// act() settles the renders and effects; React asks to be told it runs under it.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/**
 * Embla measures a layout a DOM without one does not have; the carousel is tested against a
 * stand-in with Embla's API that moves one slide at a time and says which slide is in view.
 */
function fakeEmbla(slides: number) {
  const handlers = new Map<string, Set<() => void>>();
  const emit = (event: string) => {
    for (const handler of handlers.get(event) ?? []) handler();
  };
  let selected = 0;
  const moveTo = (index: number) => {
    selected = (index + slides) % slides;
    emit('select');
    emit('slidesInView');
  };
  const api = {
    moves: [] as string[],
    emit,
    selectedScrollSnap: () => selected,
    slidesInView: () => [selected],
    on(event: string, handler: () => void) {
      handlers.set(event, (handlers.get(event) ?? new Set()).add(handler));
      return api;
    },
    off(event: string, handler: () => void) {
      handlers.get(event)?.delete(handler);
      return api;
    },
    scrollNext() {
      api.moves.push('next');
      moveTo(selected + 1);
    },
    scrollPrev() {
      api.moves.push('previous');
      moveTo(selected - 1);
    },
    scrollTo(index: number) {
      api.moves.push(`to ${index + 1}`);
      moveTo(index);
    },
  };
  return api;
}

const embla = vi.hoisted(() => ({ api: null as unknown }));
vi.mock('embla-carousel-react', () => ({ default: () => [() => {}, embla.api] }));

const labels = {
  region: 'Story',
  previous: 'Previous',
  next: 'Next',
  goTo: 'Go to slide {slide}',
  slide: '{slide} of {total}',
  pause: 'Pause',
  play: 'Play',
};
const slides = ['One', 'Two', 'Three'].map((word) => <p key={word}>{word}</p>);

let root: Root;
let container: HTMLElement;
let api: ReturnType<typeof fakeEmbla>;

async function show(autoplay?: { minMs: number; maxMs: number }) {
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  await act(async () =>
    root.render(<Carousel labels={labels} slides={slides} autoplay={autoplay} />),
  );
}

const region = () => container.querySelector('section') as HTMLElement;
const button = (name: string) =>
  container.querySelector(`button[aria-label="${name}"]`) as HTMLButtonElement;
const current = () => container.querySelector('[aria-current="true"]')?.getAttribute('aria-label');
const wait = (ms: number) => act(async () => vi.advanceTimersByTime(ms));

beforeEach(() => {
  vi.useFakeTimers();
  api = fakeEmbla(slides.length);
  embla.api = api;
});

afterEach(() => {
  act(() => root.unmount());
  document.body.replaceChildren();
  vi.useRealTimers();
});

describe('the carousel', () => {
  it('moves on by itself after its delay, the timer starting again after each move', async () => {
    await show({ minMs: 5000, maxMs: 5000 });
    expect(region().getAttribute('aria-roledescription')).toBe('carousel');
    await wait(4999);
    expect(api.moves).toEqual([]);
    await wait(1);
    expect(api.moves).toEqual(['next']);
    expect(current()).toBe('Go to slide 2');
    await wait(5000);
    expect(api.moves).toEqual(['next', 'next']);
    // While it rotates, screen readers are not told of every move.
    expect(container.querySelector('[aria-live]')?.getAttribute('aria-live')).toBe('off');
  });

  it('holds still while the pointer or focus is inside, and goes on once they leave', async () => {
    await show({ minMs: 1000, maxMs: 1000 });
    await act(async () => {
      region().dispatchEvent(new PointerEvent('pointerover', { bubbles: true }));
    });
    await wait(3000);
    expect(api.moves).toEqual([]);
    await act(async () => {
      region().dispatchEvent(new PointerEvent('pointerout', { bubbles: true }));
    });
    await wait(1000);
    expect(api.moves).toEqual(['next']);
    await act(async () => button('Next').focus());
    await wait(3000);
    expect(api.moves).toEqual(['next']);
    await act(async () => button('Next').blur());
    await wait(1000);
    expect(api.moves).toEqual(['next', 'next']);
  });

  it('holds still while a slide is dragged', async () => {
    await show({ minMs: 1000, maxMs: 1000 });
    await act(async () => api.emit('pointerDown'));
    await wait(3000);
    expect(api.moves).toEqual([]);
    await act(async () => api.emit('pointerUp'));
    await wait(1000);
    expect(api.moves).toEqual(['next']);
  });

  it('pauses and plays at the visitor’s word, its button saying what it will do', async () => {
    await show({ minMs: 1000, maxMs: 1000 });
    await act(async () => button('Pause').click());
    await wait(5000);
    expect(api.moves).toEqual([]);
    expect(button('Pause')).toBeNull();
    expect(container.querySelector('[aria-live]')?.getAttribute('aria-live')).toBe('polite');
    await act(async () => button('Play').click());
    await wait(1000);
    expect(api.moves).toEqual(['next']);
  });

  it('moves by its buttons, its dots and the arrow keys, and leaves slides out of view inert', async () => {
    await show();
    expect(button('Pause')).toBeNull();
    await act(async () => button('Next').click());
    await act(async () => button('Go to slide 1').click());
    await act(async () => button('Previous').click());
    await act(async () => {
      region().dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true }));
      region().dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowLeft', bubbles: true }));
      region().dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    });
    expect(api.moves).toEqual(['next', 'to 1', 'previous', 'next', 'previous']);
    expect(current()).toBe('Go to slide 3');
    const groups = [...container.querySelectorAll('[aria-roledescription="slide"]')];
    expect(groups.map((group) => group.getAttribute('aria-label'))).toEqual([
      '1 of 3',
      '2 of 3',
      '3 of 3',
    ]);
    expect(groups.map((group) => group.hasAttribute('inert'))).toEqual([true, true, false]);
    await wait(60_000);
    expect(api.moves).toHaveLength(5);
  });
});
