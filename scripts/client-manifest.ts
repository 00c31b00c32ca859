/**
 * Vite's manifest of the client build (dist/client/.vite/manifest.json): which file each source
 * entry became, and what it imports. The build reads it to write each page's stylesheets and
 * module preloads; `npm run bench:evaluation` to find React DOM's chunks.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { buildPaths } from '../server/build-paths';

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
}

export interface ClientManifest {
  /** The built chunk of a source entry (e.g. `src/pages/home/entry.ts`). */
  chunk(key: string): ManifestChunk | undefined;
  /** The files of an entry's static imports, at every depth, as paths from the site's root. */
  importsOf(key: string): string[];
  /** All CSS an entry needs, following its static imports, as paths from the site's root. */
  cssFor(key: string): string[];
}

export async function readClientManifest(): Promise<ClientManifest> {
  const manifest: Record<string, ManifestChunk> = JSON.parse(
    await readFile(join(buildPaths.client, '.vite/manifest.json'), 'utf8'),
  );
  const importsOf = (key: string, seen = new Set<string>()): string[] =>
    (manifest[key]?.imports ?? []).flatMap((child) => {
      if (seen.has(child)) return [];
      seen.add(child);
      const file = manifest[child]?.file;
      return [...(file ? [`/${file}`] : []), ...importsOf(child, seen)];
    });
  const cssFor = (key: string, seen = new Set<string>()): string[] => {
    if (seen.has(key)) return [];
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) return [];
    return [
      ...(chunk.css ?? []).map((file) => `/${file}`),
      ...(chunk.imports ?? []).flatMap((child) => cssFor(child, seen)),
    ];
  };
  return {
    chunk: (key) => manifest[key],
    importsOf: (key) => importsOf(key),
    cssFor: (key) => [...new Set(cssFor(key))],
  };
}
