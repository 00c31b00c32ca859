import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import {
  type DocumentId,
  type Experiment,
  experiments,
  testableGoals,
  variantIds,
} from '../contracts/content/experiments';
import { ownerPageRoute } from '../contracts/content/pages';
import { type Redirect, redirects } from '../contracts/content/redirects';
import { allPageIds, type OwnerRoute, ownerRoutes } from '../contracts/routes';
import { type FeedSource, servedPost } from '../contracts/writing';
import { buildPaths } from './build-paths';
import { loadStaticFiles, type StaticFile, staticFile } from './http/static-files';

/** The built site in memory: the prerendered page documents and the public files. */
export interface Site {
  /** Replaced page by page when a content date passes (server/features/pages/calendar.ts). */
  pages: Map<DocumentId, StaticFile>;
  files: ReadonlyMap<string, StaticFile>;
  /** Friends who must join through a share link to unlock the second bonus (the content's). */
  friendsGoal: number;
  /** The workshop's sessions and their checkouts (the content's): where /go/workshop leads. */
  workshopSessions?: readonly WorkshopCheckout[];
  /** Old paths and where they lead (the site settings'); none in renders made before them. */
  redirects?: readonly Redirect[];
  /**
   * The sessions each owner's page's checkout block sells, by the page's slug: where
   * /go/page/<slug> leads (a Map, so no slug can name an object's own properties).
   */
  pageCheckouts?: ReadonlyMap<string, readonly WorkshopCheckout[]>;
  /** Where the owner's pages answer (content/pages/); none in renders made before them. */
  ownerRoutes?: readonly OwnerRoute[];
  /**
   * The experiments (content/experiments.yaml): a page under one is sent as the variant its
   * visitor is given, from `pages` (docs/decisions/027-experiments.md).
   */
  experiments?: readonly Experiment[];
  /** The writing as served (contracts/writing.ts); none in renders made before the writing. */
  writing?: FeedSource;
  /** The pages an experiment may test, with the goals each can be measured by (the content's). */
  testable?: ReturnType<typeof testableGoals>;
  /**
   * The owner's pages' inline entry (decision 025): the CSP allows it by its hash from the start,
   * so a page first published after the server started runs its script.
   */
  composedScript?: string;
  /** Files only the API hands out (`/second-bonus.pdf` keys, see contracts/downloads.ts). */
  privateFiles: ReadonlyMap<string, StaticFile>;
  /** The owner's room's page (server/features/room/router.ts); absent from builds made before it. */
  room?: StaticFile;
  /** The content editor's page (server/features/room/editor/router.ts); absent from older builds. */
  editor?: StaticFile;
}

/** A workshop session as the checkout redirect needs it (contracts/checkout.ts). */
export interface WorkshopCheckout {
  start: string;
  /** Its Stripe Payment Link. */
  checkout: string;
}

export class MissingBuildError extends Error {
  override name = 'MissingBuildError';
}

/** What the server reads of the content the build resolved (dist/server/render-input.json). */
const builtContent = z.object({
  composedFiles: z.object({ script: z.object({ inline: z.string() }) }).optional(),
  content: z.object({
    // The content's own schema: a render this build made passes it, and nothing else is served.
    site: z.object({ redirects: redirects.default([]), founder: z.object({ name: z.string() }) }),
    experiments: experiments.default({ experiments: [] }),
    pages: z
      .record(
        z.string(),
        ownerPageRoute.extend({
          blocks: z.array(z.object({ discriminant: z.string(), value: z.unknown() })),
        }),
      )
      .default({}),
    // The writing (docs/decisions/028-writing.md): its pages' routes and its feeds.
    writing: z
      .object({
        name: z.string(),
        path: z.string(),
        perPage: z.number(),
        meta: z.object({ description: z.string() }),
      })
      .optional(),
    posts: z.record(z.string(), servedPost).default({}),
    thankYou: z.object({ share: z.object({ friendsGoal: z.number() }) }),
    workshop: z.object({
      sessions: z.array(z.object({ start: z.string(), checkout: z.url() })),
    }),
  }),
});

/** The built site: its content's part (below) and the owner's room's documents. */
export async function loadSite(
  paths: Pick<
    typeof buildPaths,
    'client' | 'pages' | 'private' | 'renderInput' | 'room' | 'editor'
  > = buildPaths,
): Promise<Site> {
  return {
    ...(await loadRenderedContent(paths)),
    ...(existsSync(paths.room)
      ? { room: staticFile('room.html', await readFile(paths.room)) }
      : {}),
    ...(existsSync(paths.editor)
      ? { editor: staticFile('editor.html', await readFile(paths.editor)) }
      : {}),
  };
}

/**
 * What a render of the content wrote (the build's, or a publish's: server/features/room/publish/): the
 * pages, the public and private files, and what the server reads of the content.
 */
export async function loadRenderedContent(
  paths: Pick<typeof buildPaths, 'client' | 'pages' | 'private' | 'renderInput'>,
): Promise<
  Pick<
    Site,
    | 'pages'
    | 'files'
    | 'privateFiles'
    | 'friendsGoal'
    | 'workshopSessions'
    | 'redirects'
    | 'ownerRoutes'
    | 'experiments'
    | 'testable'
    | 'writing'
    | 'composedScript'
    | 'pageCheckouts'
  >
> {
  if (!existsSync(join(paths.pages, 'not-found.html'))) {
    throw new MissingBuildError(
      `No build found in ${paths.pages}: run \`npm run build\` (or \`npm start\`).`,
    );
  }
  if (!existsSync(paths.renderInput)) {
    throw new MissingBuildError('The build has no content: rebuild with `npm run build`.');
  }
  const { content, composedFiles } = builtContent.parse(
    JSON.parse(await readFile(paths.renderInput, 'utf8')),
  );
  const owner = ownerRoutes(content);
  const documents = await loadStaticFiles(paths.pages);
  const pages = new Map<DocumentId, StaticFile>();
  const tests = content.experiments.experiments;
  for (const page of [...allPageIds(owner), ...variantIds(tests)]) {
    const file = documents.get(`/${page}.html`);
    if (!file)
      throw new MissingBuildError(
        `The build has no page "${page}": rebuild with \`npm run build\`.`,
      );
    pages.set(page, file);
  }
  return {
    pages,
    friendsGoal: content.thankYou.share.friendsGoal,
    workshopSessions: checkoutsOf(content.workshop.sessions),
    redirects: content.site.redirects,
    ownerRoutes: owner,
    experiments: tests,
    testable: testableGoals(content.pages),
    ...(content.writing
      ? {
          writing: {
            name: content.writing.name,
            path: content.writing.path,
            description: content.writing.meta.description,
            author: content.site.founder.name,
            posts: content.posts,
          },
        }
      : {}),
    pageCheckouts: pageCheckoutsOf(content.pages),
    ...(composedFiles ? { composedScript: composedFiles.script.inline } : {}),
    files: await loadStaticFiles(paths.client),
    privateFiles: existsSync(paths.private) ? await loadStaticFiles(paths.private) : new Map(),
  };
}

/** Sessions (the workshop's, or a checkout block's) as the checkout redirect needs them. */
function checkoutsOf(sessions: readonly WorkshopCheckout[]): WorkshopCheckout[] {
  return sessions.map(({ start, checkout }) => ({ start, checkout }));
}

/** A checkout block's sessions, as the checkout redirect needs them. */
const checkoutBlock = z.object({
  sessions: z.array(z.object({ start: z.string(), checkout: z.url() })),
});

/** The sessions of each owner's page that has a checkout block, by its slug. */
function pageCheckoutsOf(
  pages: Record<string, { blocks: Array<{ discriminant: string; value: unknown }> }>,
): Map<string, WorkshopCheckout[]> {
  const checkouts = new Map<string, WorkshopCheckout[]>();
  for (const [slug, { blocks }] of Object.entries(pages)) {
    const block = blocks.find(({ discriminant }) => discriminant === 'checkout');
    if (!block) continue;
    checkouts.set(slug, checkoutsOf(checkoutBlock.parse(block.value).sessions));
  }
  return checkouts;
}
