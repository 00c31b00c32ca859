import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { build } from 'vite';
import { keystaticPaths } from './paths';

/**
 * Builds the content editor's page script (ui-entry.ts: Keystatic's app with the configuration of
 * server/features/room/editor/keystatic-config.ts) for the owner's room, into `outDir`'s assets/. A Vite build of
 * its own rather than an input of vite.config.ts: the pages' build, their shared chunks and their
 * hashes stay exactly as they are, and Keystatic's path rewrite (paths.ts) touches this build
 * only. No page loads it; only the editor's document (server/features/room/editor/document.ts) names
 * it.
 */

const root = resolve(import.meta.dirname, '../..');
const entry = 'scripts/content-editor/ui-entry.ts';
/** Its own manifest, beside the pages' (.vite/manifest.json). */
const manifestFile = '.vite/editor-manifest.json';

export interface BuiltEditor {
  /** The page script's URL path. */
  script: string;
  stylesheets: string[];
}

export async function buildEditor(outDir: string): Promise<BuiltEditor> {
  await build({
    configFile: false,
    root,
    logLevel: 'warn',
    plugins: [keystaticPaths()],
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    build: {
      outDir,
      emptyOutDir: false,
      manifest: manifestFile,
      assetsInlineLimit: 0,
      // Keystatic's app is one large program (a rich-text editor, a component library); it is
      // the room's, loaded once per visit to the editor, never by a visitor.
      chunkSizeWarningLimit: 8000,
      rollupOptions: {
        input: { editor: resolve(root, entry) },
        // Keystatic's component library marks its files 'use client' (for React Server
        // Components); meaningless in a browser bundle, and one warning per file.
        onwarn(warning, warn) {
          if (warning.code !== 'MODULE_LEVEL_DIRECTIVE') warn(warning);
        },
      },
    },
  });
  const manifest = JSON.parse(await readFile(join(outDir, manifestFile), 'utf8')) as Record<
    string,
    { file: string; css?: string[] }
  >;
  const chunk = manifest[entry];
  if (!chunk) throw new Error(`No editor entry in ${manifestFile}`);
  return { script: `/${chunk.file}`, stylesheets: (chunk.css ?? []).map((file) => `/${file}`) };
}
