// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ErasureView } from './erasure-view';
import { words } from './words';

// act() settles the renders and effects; React asks to be told it runs under it.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

describe('erasing a person in the room', () => {
  let container: HTMLDivElement;
  let root: Root;
  const fetchMock = vi.fn(
    async () =>
      new Response(
        JSON.stringify({
          contactSubmissions: 0,
          subscribers: 1,
          outboxJobs: 1,
          sales: 0,
          attendees: 0,
          applications: 0,
        }),
        {
          headers: { 'Content-Type': 'application/json' },
        },
      ),
  );
  const onErased = vi.fn();

  beforeEach(async () => {
    vi.stubGlobal('fetch', fetchMock);
    container = document.createElement('div');
    document.body.append(container);
    root = createRoot(container);
    await act(async () => root.render(<ErasureView onErased={onErased} />));
  });
  afterEach(() => {
    act(() => root.unmount());
    container.remove();
    vi.unstubAllGlobals();
    fetchMock.mockClear();
    onErased.mockClear();
  });

  const button = (name: string) =>
    [...container.querySelectorAll('button')].find((each) => each.textContent === name);

  async function ask(email: string) {
    const input = container.querySelector('input') as HTMLInputElement;
    await act(async () => {
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, email);
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await act(async () => input.form?.requestSubmit());
  }

  it('asks first, and erases only once the owner confirms', async () => {
    await ask('gone@example.com');
    expect(fetchMock).not.toHaveBeenCalled();
    expect(container.querySelector('legend')?.textContent).toBe(
      words.erasure.confirm('gone@example.com'),
    );
    expect(document.activeElement).toBe(button(words.erasure.yes));

    await act(async () => button(words.erasure.yes)?.click());
    expect(fetchMock).toHaveBeenCalledWith(
      '/owner/api/erasure',
      expect.objectContaining({ method: 'POST', body: '{"email":"gone@example.com"}' }),
    );
    expect(container.querySelector('[role=status]')?.textContent).toBe(
      words.erasure.done({
        contactSubmissions: 0,
        subscribers: 1,
        outboxJobs: 1,
        sales: 0,
        attendees: 0,
        applications: 0,
      }),
    );
    expect(onErased).toHaveBeenCalledOnce();
  });

  it('says a cohort application was erased, even when nothing else was held', async () => {
    const erased = {
      contactSubmissions: 0,
      subscribers: 0,
      outboxJobs: 0,
      sales: 0,
      attendees: 0,
      applications: 1,
    };
    fetchMock.mockResolvedValueOnce(Response.json(erased));
    await ask('applicant@example.com');
    await act(async () => button(words.erasure.yes)?.click());
    const said = container.querySelector('[role=status]')?.textContent;
    expect(said).toBe(words.erasure.done(erased));
    expect(said).toContain('1 cohort application erased');
  });

  it('erases nothing when the owner cancels', async () => {
    await ask('stays@example.com');
    await act(async () => button(words.erasure.cancel)?.click());
    expect(container.querySelector('legend')).toBeNull();
    expect(document.activeElement).toBe(container.querySelector('input'));
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
