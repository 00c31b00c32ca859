import { resolve } from 'node:path';

/** Where the build writes, shared by the build, `npm start` and the server. */
const root = resolve(import.meta.dirname, '..');

export const buildPaths = {
  root,
  dist: resolve(root, 'dist'),
  /** Public files: hashed assets under /assets, plus public/ copied as is. */
  client: resolve(root, 'dist/client'),
  /** The server-side render bundle used by the prerender. */
  ssr: resolve(root, 'dist/ssr'),
  /** One prerendered document per page id, not addressable by URL: the server maps routes to them. */
  pages: resolve(root, 'dist/pages'),
  /** Built files the server hands out itself, never by URL (the second bonus PDF). */
  private: resolve(root, 'dist/private'),
  info: resolve(root, 'dist/build-info.json'),
  /** Inputs whose change makes a build stale (see scripts/start.ts). */
  sources: [
    'src',
    'contracts',
    'public',
    'server/env.ts',
    'scripts',
    'vite.config.ts',
    'package-lock.json',
  ].map((path) => resolve(root, path)),
} as const;
