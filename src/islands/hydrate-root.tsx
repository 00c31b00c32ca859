import { type ComponentType, type ReactNode, StrictMode, startTransition, useEffect } from 'react';
import { hydrateRoot } from 'react-dom/client';

/** Marks the island once React has committed it, and says so (start.ts replays held input). */
function Committed({
  root,
  onCommit,
  children,
}: {
  root: HTMLElement;
  onCommit: () => void;
  children: ReactNode;
}) {
  useEffect(() => {
    root.setAttribute('data-hydrated', '');
    onCommit();
  }, [root, onCommit]);
  return children;
}

/**
 * The only place React attaches to the page: one root per island, loaded on demand. Hydrated as
 * a transition, so React renders it in slices of a few milliseconds and yields between them (an
 * ordinary hydration is one task, 80–110 ms for an island under a 4× slower CPU); a visitor's
 * press on the island meanwhile hydrates the part they pressed first.
 */
export function hydrateIslandRoot(
  root: HTMLElement,
  Component: ComponentType<Record<string, unknown>>,
  props: Record<string, unknown>,
  identifierPrefix: string,
  onCommit: () => void,
) {
  startTransition(() => {
    hydrateRoot(
      root,
      <StrictMode>
        <Committed root={root} onCommit={onCommit}>
          <Component {...props} />
        </Committed>
      </StrictMode>,
      { identifierPrefix },
    );
  });
}
