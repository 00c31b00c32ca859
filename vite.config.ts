import { readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import { parseEnv, toPublicConfig } from './server/env.ts';

const root = import.meta.dirname;

/** One client entry per page folder (src/pages/<page>/entry.tsx): pages are separate documents. */
const pageEntries = Object.fromEntries(
  readdirSync(resolve(root, 'src/pages'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => [entry.name, resolve(root, 'src/pages', entry.name, 'entry.tsx')]),
);

/**
 * sonner injects its CSS as a <style> element when imported, which the CSP (style-src 'self')
 * refuses with a console error. Drop that call; src/components/toaster.tsx imports sonner's
 * stylesheet as a file instead. Fails the build if sonner changes shape, so this is noticed.
 * (The dev server pre-bundles dependencies without plugins; it sends no CSP, so that is fine.)
 */
function sonnerWithoutInlineStyles(): Plugin {
  return {
    name: 'sonner-without-inline-styles',
    enforce: 'pre',
    transform(code, id) {
      if (!/[\\/]node_modules[\\/]sonner[\\/]dist[\\/]index\.m?js$/.test(id)) return null;
      const stripped = code.replace(/^__insertCSS\(.*\);?$/m, '');
      if (stripped === code)
        throw new Error('sonner: no __insertCSS call found (see vite.config.ts)');
      return { code: stripped, map: null };
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), tailwindcss(), sonnerWithoutInlineStyles()],
  define: {
    __PUBLIC_CONFIG__: JSON.stringify(toPublicConfig(parseEnv())),
  },
  build: {
    outDir: isSsrBuild ? 'dist/ssr' : 'dist/client',
    emptyOutDir: true,
    manifest: !isSsrBuild,
    assetsInlineLimit: 0,
    rollupOptions: { input: isSsrBuild ? resolve(root, 'src/entry-server.tsx') : pageEntries },
  },
  test: {
    include: [
      'src/**/*.test.{ts,tsx}',
      'contracts/**/*.test.ts',
      'server/**/*.test.ts',
      'scripts/**/*.test.ts',
    ],
    environment: 'node',
    testTimeout: 20_000,
  },
}));
