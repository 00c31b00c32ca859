import { type ComponentType, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import '../styles/global.css';
import { track } from './tracking';

/** The element every prerendered page renders into (see src/entry-server.tsx). */
export const rootElementId = 'root';

/** Client entry of a page: attach React to the prerendered HTML. */
export function hydrate(Page: ComponentType) {
  const root = document.getElementById(rootElementId);
  if (!root) throw new Error(`#${rootElementId} is missing from the prerendered page`);
  hydrateRoot(
    root,
    <StrictMode>
      <Page />
    </StrictMode>,
  );
  track('pageView');
}
