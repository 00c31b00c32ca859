import { createRequire } from 'node:module';

const resolve = (path: string) => createRequire(import.meta.url).resolve(path);

/**
 * The site's faces as files, for what the build draws outside the browser (the PDFs, the share
 * images): Anton for headlines, Inter for text. WOFF, which both React-PDF and satori read, and
 * static Inter weights from `@fontsource/inter`: the site's variable WOFF2 embeds in neither.
 */
export const fontFiles = {
  anton: resolve('@fontsource/anton/files/anton-latin-400-normal.woff'),
  inter: {
    400: resolve('@fontsource/inter/files/inter-latin-400-normal.woff'),
    700: resolve('@fontsource/inter/files/inter-latin-700-normal.woff'),
  },
} as const;
