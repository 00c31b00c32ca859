import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, vi } from 'vitest';

/**
 * The room's views rendered for their tests as the room renders them: `render` mounts a view in
 * the document under act() (one at a time: a second call replaces the first) and answers its
 * container; after each test the view is unmounted, its container removed and the stubbed
 * globals (fetch) restored. Call it once at the top of a test file: Vitest keeps a worker's
 * modules from one file to the next (decision 029), so hooks registered when this module is
 * first imported would serve that file only.
 */
export function viewRendering(): { render(view: ReactNode): Promise<HTMLDivElement> } {
  // act() settles the renders and effects; React asks to be told it runs under it.
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  let mounted: { root: Root; container: HTMLDivElement } | null = null;
  const unmount = () => {
    if (!mounted) return;
    const { root, container } = mounted;
    act(() => root.unmount());
    container.remove();
    mounted = null;
  };
  afterEach(() => {
    unmount();
    vi.unstubAllGlobals();
  });
  return {
    async render(view) {
      unmount();
      const container = document.createElement('div');
      document.body.append(container);
      const root = createRoot(container);
      mounted = { root, container };
      await act(async () => root.render(view));
      return container;
    },
  };
}
