/**
 * The content step of the build (content-step.ts) on its own, for the owner's room: the server
 * runs it in a child process on "Publish" and "Preview" (server/features/room/publish/), so a slow or
 * failing render never blocks the server, which keeps serving the pages it has.
 *
 *   node --import tsx scripts/content-step-child.ts --content DIR --out DIR [--preview BASE]
 *     [--reuse DIR]…
 *
 * Renders the content of DIR against the current build (dist/, or BUILD_DIR) into the out
 * directory: client/, private/, pages/, render-input.json and build-info.json, as the build lays
 * them out. With
 * --preview, the pictures are served from BASE and there are no share images or PDFs. Each
 * --reuse names an earlier render's made/ (or the build's) whose cards, PDFs and photo variants
 * it takes where the inputs are the same; what it made or took it keeps in its own out/made/.
 * Exit 0: rendered. Exit 65: the content does not fit (the build's message on stderr).
 * Reads no .env file: its environment is the few settings the server hands it
 * (server/features/room/publish/render-child.ts).
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { loadContent } from '../contracts/content/load';
import { systemPageIds } from '../contracts/routes';
import { buildPaths } from '../server/build-paths';
import { parseEnv, toPublicConfig } from '../server/env';
import { renderedPaths } from '../server/features/room/publish/renders';
import type { RenderInput } from '../src/entry-server';
import { exitOnInvalidContent } from './content-dir';
import { type BuiltPageFiles, type PageFiles, renderContent } from './content-step';
import { precompress } from './precompress';
import { reuseMade } from './render-reuse';

const { values } = parseArgs({
  options: {
    content: { type: 'string' },
    out: { type: 'string' },
    preview: { type: 'string' },
    reuse: { type: 'string', multiple: true },
  },
});
if (!values.content || !values.out) {
  console.error(
    'usage: content-step-child.ts --content DIR --out DIR [--preview BASE] [--reuse DIR]…',
  );
  process.exit(64);
}
const contentDir = resolve(values.content);
const outDir = resolve(values.out);

const started = performance.now();
const content = await loadContent(contentDir).catch(exitOnInvalidContent);
// Each page's scripts, stylesheets and fonts are the build's: a publish changes words only.
const built = JSON.parse(await readFile(buildPaths.renderInput, 'utf8')) as RenderInput;
const filesOf = ({ stylesheets, script, fontPreloads }: PageFiles): PageFiles => ({
  stylesheets,
  script,
  fontPreloads,
});
const files: BuiltPageFiles = {
  system: Object.fromEntries(
    // A page the content opened since the build (the cohort's application page) has no files of
    // its own there: it takes the owner's pages' entry, which starts the same islands.
    systemPageIds.map((page) => [page, filesOf(built.documents[page] ?? built.composedFiles)]),
  ) as BuiltPageFiles['system'],
  composed: filesOf(built.composedFiles),
};

const now = Date.now();
const reuse = values.preview
  ? undefined
  : reuseMade({
      into: renderedPaths(outDir).made,
      from: values.reuse ?? [],
      build: await readFile(buildPaths.info, 'utf8'),
    });
await renderContent({
  content,
  contentDir,
  out: renderedPaths(outDir),
  built: {
    render: buildPaths.renderBundle,
    build: buildPaths.buildBundle,
    client: buildPaths.client,
  },
  files,
  // Given process.env, parseEnv reads no .env file: the server's holds keys no render needs.
  origins: toPublicConfig(parseEnv(process.env)).origins,
  now,
  ...(reuse ? { reuse } : { preview: { imagesBase: values.preview ?? '' } }),
}).catch(exitOnInvalidContent);

// The pages were compressed as they were written.
if (reuse) await precompress(join(outDir, 'client'), reuse);
// The moment the pages were rendered for, where the server's calendar looks for it.
await writeFile(
  join(outDir, 'build-info.json'),
  JSON.stringify({ builtAt: new Date(now).toISOString() }),
);
process.stdout.write(`${JSON.stringify({ ms: Math.round(performance.now() - started) })}\n`);
