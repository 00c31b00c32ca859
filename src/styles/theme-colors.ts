import type { PageMeta } from '../content/types';

/**
 * Each theme's colours where CSS does not reach: `<meta name="theme-color">` in the document
 * head (the page background) and the share images drawn at build (src/seo/social-card.tsx). The
 * stylesheet's tokens (global.css, per theme) are the design's source; the test beside this file
 * fails if the two drift apart.
 */
export interface ThemeColors {
  paper: string;
  ink: string;
  accent: string;
  onAccent: string;
  muted: string;
  line: string;
}

export const themeColors = {
  main: {
    paper: '#f7f4ee',
    ink: '#111111',
    accent: '#c8f031',
    onAccent: '#111111',
    muted: '#55534e',
    line: '#d9d3c5',
  },
  premium: {
    paper: '#0f1012',
    ink: '#f3f1ea',
    accent: '#c8f031',
    onAccent: '#111111',
    muted: '#b3b0a7',
    line: '#2c2f35',
  },
} as const satisfies Record<PageMeta['theme'], ThemeColors>;
