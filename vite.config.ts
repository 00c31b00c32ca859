import { existsSync, readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import { responsiveImages } from './scripts/responsive-images.ts';
import { buildPaths } from './server/build-paths.ts';
import { parseEnv, toPublicConfig } from './server/env.ts';

const root = import.meta.dirname;

/**
 * One client entry per page folder (src/pages/<page>/entry.ts): pages are separate documents. A
 * folder without one (src/pages/writing/) renders pages that take another's entry.
 */
const pageEntries = Object.fromEntries(
  readdirSync(resolve(root, 'src/pages'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => [entry.name, resolve(root, 'src/pages', entry.name, 'entry.ts')] as const)
    .filter(([, entry]) => existsSync(entry)),
);

/** The owner's room is an entry of its own: no page imports it (src/owner/entry.tsx). */
const clientEntries: Record<string, string> = {
  ...pageEntries,
  owner: resolve(root, 'src/owner/entry.tsx'),
};

/**
 * Two dependencies inject CSS as a <style> element at run time, which the CSP (style-src 'self')
 * refuses with a console error: sonner (its toast styles; src/components/toaster.tsx imports
 * sonner's stylesheet as a file instead) and react-style-singleton, through which Radix's dialog
 * locks the page scroll (src/styles/global.css has the equivalent rules). Each injection is cut
 * out at build; the build fails if a package changes shape, so this is noticed. (The dev server
 * pre-bundles dependencies without plugins; it sends no CSP, so that is fine.)
 */
const styleInjections = [
  {
    file: /[\\/]node_modules[\\/]sonner[\\/]dist[\\/]index\.m?js$/,
    injection: /^__insertCSS\(.*\);?$/m,
    replacement: '',
  },
  {
    file: /[\\/]node_modules[\\/]react-style-singleton[\\/]dist[\\/]es2015[\\/]singleton\.js$/,
    injection: /var tag = document\.createElement\('style'\);/,
    replacement: 'return null;',
  },
];

function withoutInjectedStyles(): Plugin {
  return {
    name: 'without-injected-styles',
    enforce: 'pre',
    transform(code, id) {
      const target = styleInjections.find(({ file }) => file.test(id));
      if (!target) return null;
      const stripped = code.replace(target.injection, target.replacement);
      if (stripped === code)
        throw new Error(`${id}: its style injection was not found (see vite.config.ts)`);
      return { code: stripped, map: null };
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), tailwindcss(), withoutInjectedStyles(), responsiveImages()],
  define: {
    __PUBLIC_CONFIG__: JSON.stringify(toPublicConfig(parseEnv())),
  },
  build: {
    outDir: isSsrBuild ? buildPaths.ssr : buildPaths.client,
    emptyOutDir: true,
    manifest: !isSsrBuild,
    // Images and fonts used only by static sections are referenced by the prerender alone (no
    // client chunk imports them any more): the server build emits them and the build copies them
    // beside the client assets (scripts/build.ts).
    ssrEmitAssets: true,
    assetsInlineLimit: 0,
    rollupOptions: isSsrBuild
      ? {
          input: {
            render: resolve(root, 'src/entry-server.tsx'),
            build: resolve(root, 'src/entry-build.ts'),
          },
          // Shared code apart from assets/, whose files the build moves beside the client's.
          output: { chunkFileNames: 'chunks/[name]-[hash].js' },
        }
      : { input: clientEntries },
  },
  test: {
    include: [
      'src/**/*.test.{ts,tsx}',
      'contracts/**/*.test.ts',
      'server/**/*.test.ts',
      'scripts/**/*.test.ts',
    ],
    environment: 'node',
    // The summary, then why the PostgreSQL runs were skipped when they were.
    reporters: ['default', './scripts/postgres-skip-reporter.ts'],
    // A worker a core (Vitest's default leaves one core free): much of the suite waits on the
    // processes it starts (servers, publishes' renders) and on PostgreSQL, not on its own thread.
    maxWorkers: '100%',
    // A worker keeps the modules it loaded from one test file to the next rather than loading
    // them afresh for each: a third of the suite's time was spent importing (164 s against
    // 117–128 s with PostgreSQL on 2 cores). So a test file must leave nothing behind: every one
    // restores the globals it stubs and the real timers, and the whole suite passes with its
    // files in shuffled orders (--sequence.shuffle.files; docs/decisions/029-test-suite-time.md).
    isolate: false,
    testTimeout: 20_000,
  },
}));
