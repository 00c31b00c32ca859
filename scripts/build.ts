/**
 * `npm run build`: client bundles (one entry per page), a server render bundle, the prerendered
 * document of every page, precompressed copies, and build-info.json for `npm start`'s staleness
 * check. Fails loudly on an invalid configuration before doing any work.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { copyFile, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';
import { buildPaths } from '../server/build-paths';
import { parseEnv, toPublicConfig } from '../server/env';
import { canonicalUrl, isIndexed, type PageId, pageIds } from '../contracts/routes';
import { configFingerprint } from './build-info';
import { renderDocument, type ShareImage } from './document';
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

// Assets only the prerender references (images of static sections): same content hash, so the
// same file names as a client build would give them.
const ssrAssets = join(buildPaths.ssr, 'assets');
if (existsSync(ssrAssets)) {
  for (const file of await readdir(ssrAssets)) {
    if (!existsSync(join(buildPaths.client, 'assets', file))) {
      await copyFile(join(ssrAssets, file), join(buildPaths.client, 'assets', file));
    }
  }
}

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
// The first screen's two faces (headline and text), preloaded so the browser does not find them
// only once the stylesheet has been parsed.
const firstScreenFonts = [/^anton-latin-400-normal.*\.woff2$/, /^inter-latin-wght-normal.*\.woff2$/]
  .map((pattern) => assetFiles.find((file) => pattern.test(file)))
  .filter((file) => file !== undefined);

const { renderPage, pageRegistry, renderDownloads, renderSocialCards, structuredData, founder } =
  (await import(
    pathToFileURL(join(buildPaths.ssr, 'entry-server.js')).href
  )) as typeof import('../src/entry-server');

// Share images, content-hashed like every asset: a changed card gets a new URL, so link previews
// that cache images by URL show the new one.
const shareImages = new Map<PageId, Omit<ShareImage, 'url'> & { path: string }>();
await mkdir(join(buildPaths.client, 'assets/social'), { recursive: true });
for (const { page, png, ...image } of await renderSocialCards(publicConfig.origins)) {
  const hash = createHash('sha256').update(png).digest('base64url').slice(0, 8);
  const path = `/assets/social/${page}-${hash}.png`;
  await writeFile(join(buildPaths.client, path), png);
  shareImages.set(page, { path, ...image });
}

await mkdir(buildPaths.pages, { recursive: true });
for (const page of pageIds) {
  const entryKey = `src/pages/${page}/entry.ts`;
  const entry = manifest[entryKey];
  if (!entry) throw new Error(`No client entry for page "${page}" (expected ${entryKey})`);
  const canonical = canonicalUrl(page, publicConfig.origins);
  const card = shareImages.get(page);
  // The image by absolute URL on the page's own origin, as link previews require.
  const image: ShareImage | null =
    canonical && card
      ? {
          url: new URL(card.path, canonical).href,
          width: card.width,
          height: card.height,
          alt: card.alt,
        }
      : null;
  const html = renderDocument({
    meta: pageRegistry[page].meta,
    canonical,
    noindex: !isIndexed(page),
    share: image ? { siteName: founder.name, image } : null,
    structuredData:
      canonical && image ? structuredData(page, { url: canonical, image: image.url }) : null,
    body: await renderPage(page),
    stylesheets: [...new Set(cssFor(entryKey))].map((file) => `/${file}`),
    script: `/${entry.file}`,
    fontPreloads: firstScreenFonts.map((file) => `/assets/${file}`),
  });
  await writeFile(join(buildPaths.pages, `${page}.html`), html);
}

// D9, D10: the handbook and bonus PDFs, from the content layer.
const pdfs = await renderDownloads(publicConfig.origins);
for (const { path, pdf, public: isPublic } of pdfs) {
  const file = join(isPublic ? buildPaths.client : buildPaths.private, path);
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, pdf);
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
