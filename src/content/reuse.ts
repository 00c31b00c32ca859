/**
 * What a render made before, taken instead of made again (scripts/render-reuse.ts keeps it
 * between renders). The build-time drawings (share cards, PDFs) take one, so a publish that
 * changes one page's words draws only that page's card.
 */
export interface Reuse {
  /**
   * What `make` answers for these inputs: taken from an earlier render when one made it, made
   * now otherwise. `inputs` must name everything the result depends on besides the build's code.
   */
  once<T>(kind: string, inputs: unknown, make: () => Promise<T>): Promise<T>;
}

/** For a caller with nothing to take from and nobody to keep for: everything is made. */
export const makeEverything: Reuse = { once: (_kind, _inputs, make) => make() };
