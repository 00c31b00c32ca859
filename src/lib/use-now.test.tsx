// @vitest-environment happy-dom
import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setClock, useNow } from './use-now';

function Clock() {
  const now = useNow();
  return <p>{now === null ? 'soon' : new Date(now).toISOString()}</p>;
}

describe('useNow', () => {
  let restore = () => {};
  beforeEach(() => {
    vi.useFakeTimers();
    let now = Date.parse('2025-09-22T16:59:58Z');
    restore = setClock(() => now);
    vi.spyOn(Date, 'now').mockImplementation(() => now);
    vi.setSystemTime(now);
    setInterval(() => {
      now += 1000;
    }, 1000);
  });
  afterEach(() => {
    restore();
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('renders a stable value on the server, hydrates without a mismatch, then ticks', async () => {
    const html = renderToString(<Clock />);
    expect(html).toBe('<p>soon</p>');
    const container = document.createElement('div');
    container.innerHTML = html;
    const errors: unknown[] = [];
    await act(async () => {
      hydrateRoot(container, <Clock />, { onRecoverableError: (error) => errors.push(error) });
    });
    expect(errors).toEqual([]);
    expect(container.textContent).toBe('2025-09-22T16:59:58.000Z');
    await act(async () => {
      vi.advanceTimersByTime(2000);
    });
    expect(container.textContent).toBe('2025-09-22T17:00:00.000Z');
  });
});
