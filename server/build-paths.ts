import { resolve } from 'node:path';
import { pathSettings, repositoryRoot as root } from './env.ts';

/** Where the build writes, shared by the build, `npm start` and the server. */
const dist = pathSettings().BUILD_DIR;

export const buildPaths = {
  root,
  dist,
  /** Public files: hashed assets under /assets, plus public/ copied as is. */
  client: resolve(dist, 'client'),
  /**
   * The server-side bundles: render.js renders pages (the build, and the server when a content
   * date passes), build.js draws share images and PDFs (the build only).
   */
  ssr: resolve(dist, 'server'),
  renderBundle: resolve(dist, 'server/render.js'),
  buildBundle: resolve(dist, 'server/build.js'),
  /** The content and page assets render.js renders from, resolved by the build. */
  renderInput: resolve(dist, 'server/render-input.json'),
  /** One prerendered document per page id, not addressable by URL: the server maps routes to them. */
  pages: resolve(dist, 'pages'),
  /** Built files the server hands out itself, never by URL (the second bonus PDF). */
  private: resolve(dist, 'private'),
  /** The owner's room's one document (src/owner/room-document.ts), served under /owner only. */
  room: resolve(dist, 'room/index.html'),
  /** The content editor's document (server/features/room/editor/document.ts), at /owner/editor only. */
  editor: resolve(dist, 'room/editor.html'),
  info: resolve(dist, 'build-info.json'),
  /** Share cards, PDFs and photo variants as made, for a publish to take (scripts/render-reuse.ts). */
  made: resolve(dist, 'made'),
  /** The content step alone, which the owner's room runs in a child process to publish. */
  contentRenderer: resolve(root, 'scripts/content-step-child.ts'),
  /** Inputs whose change makes a build stale (see scripts/start.ts). */
  sources: [
    'content',
    'src',
    'contracts',
    'public',
    'server/env.ts',
    'scripts',
    'vite.config.ts',
    'package-lock.json',
  ].map((path) => resolve(root, path)),
} as const;
