import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type DocumentId, variantIds } from '../contracts/content/experiments';
import { type RenderSlices, readSlices } from '../contracts/render-slices';
import { allPageIds } from '../contracts/routes';
import { buildPaths } from './build-paths';
import { loadStaticFiles, type StaticFile, staticFile } from './http/static-files';

/**
 * The built site in memory: the prerendered page documents and the public files, and each
 * feature's slice of the content they were rendered from (`site.sales`, `site.writing`, …:
 * contracts/render-slices/).
 */
export interface Site extends RenderSlices {
  /** Replaced page by page when a content date passes (server/features/pages/calendar.ts). */
  pages: Map<DocumentId, StaticFile>;
  files: ReadonlyMap<string, StaticFile>;
  /** Files only the API hands out (`/second-bonus.pdf` keys, see contracts/downloads.ts). */
  privateFiles: ReadonlyMap<string, StaticFile>;
  /** The owner's room's page (server/features/room/router.ts); absent from builds made before it. */
  room?: StaticFile;
  /** The content editor's page (server/features/room/editor/router.ts); absent from older builds. */
  editor?: StaticFile;
}

/**
 * The site as the app has it without a build: no pages or files, and each feature's slice of a
 * content with nothing to serve (no sessions, redirects, owner's pages, experiments, writing or
 * workshop's words, no application form) but the share promise's goal, which the API answers
 * with, and what `parts` gives. For `npm run dev`, where Vite serves the pages and the app only
 * the API, and for the API tests.
 */
export function siteWithoutBuild(parts: Pick<Site, 'leads'> & Partial<Site>): Site {
  return {
    pages: new Map(),
    files: new Map(),
    privateFiles: new Map(),
    routes: { redirects: [], ownerRoutes: [] },
    sales: { workshopSessions: [], pageCheckouts: new Map() },
    experiments: { list: [], testable: [] },
    writing: undefined,
    workshop: null,
    cohort: null,
    ...parts,
  };
}

export class MissingBuildError extends Error {
  override name = 'MissingBuildError';
}

/** The built site: its content's part (below) and the owner's room's documents. */
export async function loadSite(
  paths: Pick<
    typeof buildPaths,
    'client' | 'pages' | 'private' | 'renderInput' | 'room' | 'editor'
  > = buildPaths,
): Promise<Site> {
  const { slices, ...rendered } = await loadRenderedContent(paths);
  return {
    ...rendered,
    ...slices,
    ...(existsSync(paths.room)
      ? { room: staticFile('room.html', await readFile(paths.room)) }
      : {}),
    ...(existsSync(paths.editor)
      ? { editor: staticFile('editor.html', await readFile(paths.editor)) }
      : {}),
  };
}

/**
 * What a render of the content wrote (the build's, or a publish's: server/features/room/publish/):
 * the pages, the public and private files, and each feature's slice of its content.
 */
export async function loadRenderedContent(
  paths: Pick<typeof buildPaths, 'client' | 'pages' | 'private' | 'renderInput'>,
): Promise<Pick<Site, 'pages' | 'files' | 'privateFiles'> & { slices: RenderSlices }> {
  if (!existsSync(join(paths.pages, 'not-found.html'))) {
    throw new MissingBuildError(
      `No build found in ${paths.pages}: run \`npm run build\` (or \`npm start\`).`,
    );
  }
  if (!existsSync(paths.renderInput)) {
    throw new MissingBuildError('The build has no content: rebuild with `npm run build`.');
  }
  const slices = readSlices(JSON.parse(await readFile(paths.renderInput, 'utf8')));
  const documents = await loadStaticFiles(paths.pages);
  const pages = new Map<DocumentId, StaticFile>();
  const all = [...allPageIds(slices.routes.ownerRoutes), ...variantIds(slices.experiments.list)];
  for (const page of all) {
    const file = documents.get(`/${page}.html`);
    if (!file)
      throw new MissingBuildError(
        `The build has no page "${page}": rebuild with \`npm run build\`.`,
      );
    pages.set(page, file);
  }
  return {
    pages,
    files: await loadStaticFiles(paths.client),
    privateFiles: existsSync(paths.private) ? await loadStaticFiles(paths.private) : new Map(),
    slices,
  };
}
