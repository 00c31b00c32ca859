/**
 * `npm run build`: client bundles (one entry per page), a server render bundle, the prerendered
 * document of every page, precompressed copies, and build-info.json for `npm start`'s staleness
 * check. Fails loudly on an invalid configuration before doing any work.
 */
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';
import { parseEnv, toPublicConfig } from '../server/env';
import { canonicalLocation, pageIds, type SiteId } from '../src/routes';
import { configFingerprint } from './build-info';
import { buildPaths } from './build-paths';
import { renderDocument } from './document';
import { precompress } from './precompress';

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

const started = performance.now();
const env = parseEnv();
const publicConfig = toPublicConfig(env);

await rm(buildPaths.dist, { recursive: true, force: true });
await build({ logLevel: 'warn' });
await build({ logLevel: 'warn', build: { ssr: true } });

const manifest: Manifest = JSON.parse(
  await readFile(join(buildPaths.client, '.vite/manifest.json'), 'utf8'),
);

/** All CSS an entry needs, following its static imports. */
function cssFor(key: string, seen = new Set<string>()): string[] {
  if (seen.has(key)) return [];
  seen.add(key);
  const chunk = manifest[key];
  if (!chunk) return [];
  return [...(chunk.css ?? []), ...(chunk.imports ?? []).flatMap((child) => cssFor(child, seen))];
}

const assetFiles = await readdir(join(buildPaths.client, 'assets'));
const headlineFont = assetFiles.find((file) => /^anton-latin-400-normal.*\.woff2$/.test(file));

const siteOrigins: Record<SiteId, string> = {
  main: publicConfig.origins.main,
  'sellable-business': publicConfig.origins.sellableBusiness,
  waitlist: publicConfig.origins.waitlist,
  book: publicConfig.origins.book,
};

const { renderPage, pageRegistry } = (await import(
  pathToFileURL(join(buildPaths.ssr, 'entry-server.js')).href
)) as typeof import('../src/entry-server');

await mkdir(buildPaths.pages, { recursive: true });
for (const page of pageIds) {
  const entryKey = `src/pages/${page}/entry.tsx`;
  const entry = manifest[entryKey];
  if (!entry) throw new Error(`No client entry for page "${page}" (expected ${entryKey})`);
  const location = canonicalLocation[page];
  const html = renderDocument({
    meta: pageRegistry[page].meta,
    canonical: location ? new URL(location.path, siteOrigins[location.site]).href : null,
    body: await renderPage(page),
    stylesheets: [...new Set(cssFor(entryKey))].map((file) => `/${file}`),
    script: `/${entry.file}`,
    fontPreloads: headlineFont ? [`/assets/${headlineFont}`] : [],
  });
  await writeFile(join(buildPaths.pages, `${page}.html`), html);
}

const compressed = (await precompress(buildPaths.client)) + (await precompress(buildPaths.pages));
await rm(buildPaths.ssr, { recursive: true, force: true });
await writeFile(
  buildPaths.info,
  JSON.stringify({ builtAt: new Date().toISOString(), config: configFingerprint(env) }, null, 2),
);

console.log(
  `Built ${pageIds.length} pages, ${compressed} precompressed files into ${relative(process.cwd(), buildPaths.dist)}/ in ${((performance.now() - started) / 1000).toFixed(1)} s`,
);
