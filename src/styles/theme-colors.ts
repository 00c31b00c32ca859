import type { PageMeta } from '../content/types';

/**
 * Each theme's page background, for `<meta name="theme-color">` in the document head. The
 * stylesheet's tokens (global.css, `--color-paper` per theme) are the design's source; the test
 * beside this file fails if the two drift apart.
 */
export const themePaper = {
  main: '#f7f4ee',
  premium: '#0f1012',
} as const satisfies Record<PageMeta['theme'], string>;
