/**
 * `npm run build`: the owner's content checked (content/, or CONTENT_DIR), client bundles (one
 * entry per page, and the owner's room), the room's content editor (a build of its own), the
 * server bundles, the content's images, the prerendered document of every page, precompressed
 * copies, and build-info.json for `npm start`'s staleness check. Fails loudly
 * on an invalid configuration or content before doing any work, and ends with the calendar of
 * what changes when. BUILD_DIR moves the output (default dist/).
 */
import { existsSync, readFileSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { build } from 'vite';
import { systemPageIds } from '../contracts/routes';
import { buildPaths } from '../server/build-paths';
import { parseEnv, toPublicConfig } from '../server/env';
import { editorDocument } from '../server/features/room/editor/document';
import { roomDocument } from '../src/owner/room-document';
import { configFingerprint } from './build-info';
import { calendarReport } from './calendar-report';
import { readClientManifest } from './client-manifest';
import { contentDir, exitOnInvalidContent, loadContentOrExit } from './content-dir';
import { buildEditor } from './content-editor/build-editor';
import { resolveContentImages } from './content-images';
import { type BuiltPageFiles, type PageFiles, renderContent } from './content-step';
import { inlineEntry } from './inline-start';
import { ownerDetailsReport } from './owner-details';
import { compressibleFiles, precompressFiles } from './precompress';
import { reuseMade } from './render-reuse';

const started = performance.now();
const env = parseEnv();
const publicConfig = toPublicConfig(env);
// The moment the pages are rendered for (the server renders again as content dates pass), and
// the stamp of this build, under which what it makes is kept for the owner's publishes.
const now = Date.now();
const buildInfo = JSON.stringify(
  // siteUrl: the address the pages' links were made for, which tests of this build read.
  { builtAt: new Date(now).toISOString(), config: configFingerprint(env), siteUrl: env.SITE_URL },
  null,
  2,
);
// The content and its pictures are checked before anything is built or removed: a bad value
// stops here, naming its place, and the last good build stays as it was. The photo variants the
// check encodes wait outside dist/ for the render to take.
const content = await loadContentOrExit();
const checked = await mkdtemp(join(tmpdir(), 'build-checked-'));
await resolveContentImages(content, contentDir, {
  reuse: reuseMade({ into: checked, from: [], build: buildInfo }),
}).catch(async (error: unknown) => {
  await rm(checked, { recursive: true, force: true });
  return exitOnInvalidContent(error);
});

const checkedAt = performance.now();
await rm(buildPaths.dist, { recursive: true, force: true });
await build({ logLevel: 'warn' });
await build({ logLevel: 'warn', build: { ssr: true } });
// The owner's content editor, a build of its own (the pages' bundles do not change).
const editor = await buildEditor(buildPaths.client);

// Assets only the prerender references (images of static sections): same content hash, so the
// same file names as a client build would give them.
const ssrAssets = join(buildPaths.ssr, 'assets');
if (existsSync(ssrAssets)) {
  for (const file of await readdir(ssrAssets)) {
    if (!existsSync(join(buildPaths.client, 'assets', file))) {
      await copyFile(join(ssrAssets, file), join(buildPaths.client, 'assets', file));
    }
  }
  await rm(ssrAssets, { recursive: true });
}

const manifest = await readClientManifest();

const assetFiles = await readdir(join(buildPaths.client, 'assets'));
// The first paint's two faces (headline and text, scripts/subset-fonts.ts), preloaded so the
// browser does not find them only once the stylesheet has been parsed.
const firstScreenFonts = [/^anton-first-paint-[\w-]+\.woff2$/, /^inter-first-paint-[\w-]+\.woff2$/]
  .map((pattern) => assetFiles.find((file) => pattern.test(file)))
  .filter((file) => file !== undefined);

const builtFile = (path: string) => readFileSync(join(buildPaths.client, path), 'utf8');
/** The files of a page folder's entry (src/pages/<folder>/entry.ts). */
function entryFiles(folder: string): PageFiles {
  const entryKey = `src/pages/${folder}/entry.ts`;
  const entry = manifest.chunk(entryKey);
  if (!entry) throw new Error(`No client entry for page "${folder}" (expected ${entryKey})`);
  return {
    stylesheets: manifest.cssFor(entryKey),
    // Written into the page, so the first paint waits for no script file (decision 025).
    script: { inline: inlineEntry(`/${entry.file}`, builtFile(`/${entry.file}`), builtFile) },
    fontPreloads: firstScreenFonts.map((file) => `/assets/${file}`),
  };
}
const files: BuiltPageFiles = {
  system: Object.fromEntries(
    systemPageIds.map((page) => [page, entryFiles(page)]),
  ) as BuiltPageFiles['system'],
  composed: entryFiles('composed'),
};
const bundledAt = performance.now();
// The bundles are compressed on libuv's threads while the content is drawn and rendered on the
// main one (the editor's alone took 7 s at brotli's best). Awaited below, where its failure stops
// the build.
const bundleFiles = await compressibleFiles(buildPaths.client);
const bundlesCompressed = precompressFiles(bundleFiles);
bundlesCompressed.catch(() => {});
// Kept under this build's stamp, so the owner's first publish draws again only what it changed.
const reuse = reuseMade({ into: buildPaths.made, from: [checked], build: buildInfo });
const { site, pagesCompressed } = await renderContent({
  content,
  contentDir,
  out: buildPaths,
  built: {
    render: buildPaths.renderBundle,
    build: buildPaths.buildBundle,
    client: buildPaths.client,
  },
  files,
  origins: publicConfig.origins,
  now,
  reuse,
});
await rm(checked, { recursive: true, force: true });
const renderedAt = performance.now();

const roomEntry = manifest.chunk('src/owner/entry.tsx');
if (!roomEntry) throw new Error('No client entry for the owner’s room (src/owner/entry.tsx)');
await mkdir(dirname(buildPaths.room), { recursive: true });
await writeFile(
  buildPaths.room,
  roomDocument({
    script: `/${roomEntry.file}`,
    stylesheets: manifest.cssFor('src/owner/entry.tsx'),
  }),
);

// The editor's document, served at /owner/editor behind the room's session.
await writeFile(buildPaths.editor, editorDocument(editor));

// The pages were compressed as they were rendered, and kept under the build's stamp: the first
// publish compresses again only the pages it changed (with 500 posts, every page compressed again
// took it 20 s: npm run bench:publish with BENCH_POSTS). What the content step added to the
// client's files (its pictures) is compressed here.
const bundled = new Set(bundleFiles);
const contentFiles = (await compressibleFiles(buildPaths.client)).filter(
  (file) => !bundled.has(file),
);
const compressed =
  (await bundlesCompressed) + (await precompressFiles(contentFiles)) + pagesCompressed;
await writeFile(buildPaths.info, buildInfo);

const seconds = (from: number, to: number) => `${((to - from) / 1000).toFixed(1)} s`;
const done = performance.now();
console.log(
  `Built ${systemPageIds.length + Object.keys(content.pages).length} pages, ${compressed} precompressed files into ${relative(process.cwd(), buildPaths.dist)}/ in ${seconds(started, done)}`,
);
// Where the time went, for npm run bench:publish and whoever makes the build faster.
console.log(
  `  content checked ${seconds(started, checkedAt)}, bundles ${seconds(checkedAt, bundledAt)}, pages and cards ${seconds(bundledAt, renderedAt)}, compressed ${seconds(renderedAt, done)}`,
);
console.log(calendarReport(site.calendar(), now));
const ownerDetails = await ownerDetailsReport(contentDir);
if (ownerDetails) console.log(ownerDetails);
