import { type ReactNode, useId } from 'react';
import { renderToString } from 'react-dom/server';
import type { IslandComponent, IslandName } from './loaders';
import { serializeIslandProps } from './serialize';

/**
 * When an island's code loads (after the page's `load` event, so nothing competes with the
 * first paint): `idle` as soon as the browser is idle (the header menu, a ticking counter),
 * `visible` once the island nears the viewport (forms, carousels, video boxes), `interaction`
 * only when the visitor acts on it (a button that opens a dialog), `mouse` at the first
 * movement of a mouse (the exit-intent pop-up, which only a mouse can trigger). In every case a
 * focus or pointer press inside the island loads it at once, and that first press is replayed.
 */
export type HydrateOn = 'idle' | 'visible' | 'interaction' | 'mouse';

/** What the prerender writes beside the island's markup, for src/islands/start.ts. */
export interface IslandPayload {
  props: unknown;
  /** React's `identifierPrefix` for this root: useId values stay unique across islands. */
  prefix: string;
}

/**
 * Server side of an island (imported only by the prerender, never by a client chunk): the
 * component is rendered as a root of its own, exactly as the browser will hydrate it, beside a
 * JSON data block with its props. Static parts of the page around it ship no code.
 */
export function island<N extends IslandName, Props extends object>(
  name: N,
  Component: IslandComponent<N> & ((props: Props) => ReactNode),
  hydrate: HydrateOn,
  /** Whether these props give the visitor anything to act on; if not, it ships as plain HTML. */
  interactive: (props: Props) => boolean = () => true,
) {
  const Render: (props: Props) => ReactNode = Component;
  function Island(props: Props) {
    const prefix = `${name}${useId()}`;
    if (!interactive(props)) return <Render {...props} />;
    const payload: IslandPayload = { props, prefix };
    const html = renderToString(<Render {...props} />, { identifierPrefix: prefix });
    return (
      <>
        <script
          type="application/json"
          data-island={name}
          data-hydrate={hydrate}
          // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON escaped by serializeIslandProps.
          dangerouslySetInnerHTML={{ __html: serializeIslandProps(name, payload) }}
        />
        <div
          data-island-root=""
          className="contents"
          // biome-ignore lint/security/noDangerouslySetInnerHtml: React's own markup of this island.
          dangerouslySetInnerHTML={{ __html: html }}
        />
      </>
    );
  }
  Island.displayName = `Island(${name})`;
  return Island;
}
