import { readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { parseEnv, toPublicConfig } from './server/env.ts';

const root = import.meta.dirname;

/** One client entry per page folder (src/pages/<page>/entry.tsx): pages are separate documents. */
const pageEntries = Object.fromEntries(
  readdirSync(resolve(root, 'src/pages'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => [entry.name, resolve(root, 'src/pages', entry.name, 'entry.tsx')]),
);

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), tailwindcss()],
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
