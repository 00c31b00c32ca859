import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startTicker } from './ticker';

function fakeDocument() {
  const listeners = new Set<() => void>();
  return {
    visibilityState: 'visible' as DocumentVisibilityState,
    addEventListener: (_: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
    setVisibility(state: DocumentVisibilityState) {
      this.visibilityState = state;
      for (const listener of listeners) listener();
    },
    listeners,
  };
}

describe('startTicker', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('ticks after each delay', () => {
    const doc = fakeDocument();
    const onTick = vi.fn();
    startTicker({ nextDelay: () => 5000, onTick, doc: doc as never });
    vi.advanceTimersByTime(4999);
    expect(onTick).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onTick).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(10_000);
    expect(onTick).toHaveBeenCalledTimes(3);
  });

  it('does not tick while the tab is hidden, and resumes when it is shown', () => {
    const doc = fakeDocument();
    const onTick = vi.fn();
    startTicker({ nextDelay: () => 5000, onTick, doc: doc as never });
    vi.advanceTimersByTime(3000);
    doc.setVisibility('hidden');
    vi.advanceTimersByTime(60_000);
    expect(onTick).not.toHaveBeenCalled();
    doc.setVisibility('visible');
    vi.advanceTimersByTime(5000);
    expect(onTick).toHaveBeenCalledTimes(1);
  });

  it('stops for good, and lets go of the page', () => {
    const doc = fakeDocument();
    const onTick = vi.fn();
    const stop = startTicker({ nextDelay: () => 1000, onTick, doc: doc as never });
    stop();
    vi.advanceTimersByTime(10_000);
    expect(onTick).not.toHaveBeenCalled();
    expect(doc.listeners.size).toBe(0);
  });
});
