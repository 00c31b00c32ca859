import { type ComponentType, type ReactNode, StrictMode, useEffect } from 'react';
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

/** The only place React attaches to the page: one root per island, loaded on demand. */
export function hydrateIslandRoot(
  root: HTMLElement,
  Component: ComponentType<Record<string, unknown>>,
  props: Record<string, unknown>,
  identifierPrefix: string,
  onCommit: () => void,
) {
  hydrateRoot(
    root,
    <StrictMode>
      <Committed root={root} onCommit={onCommit}>
        <Component {...props} />
      </Committed>
    </StrictMode>,
    { identifierPrefix },
  );
}
