import { createHash } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Content } from '../contracts/content';
import type { DocumentId } from '../contracts/content/experiments';
import {
  allPageIds,
  canonicalUrl,
  isIndexed,
  ownerRoutes,
  type PageId,
  type SystemPageId,
} from '../contracts/routes';
import { shareImagePath } from '../contracts/share-images';
import type { SiteRenderer } from '../contracts/site-renderer';
import type { SiteId } from '../contracts/sites';
import type { PageProps } from '../src/content/page-props';
import { makeEverything, type Reuse } from '../src/content/reuse';
import type { PageDocument, RenderInput } from '../src/entry-server';
import { resolveContentImages } from './content-images';
import { precompressFiles } from './precompress';

/**
 * The content's part of a build: everything that changes when the owner's words, dates or
 * pictures change, and nothing that depends on the code. `npm run build` runs it after bundling;
 * the owner's room runs it again on "Publish" (scripts/content-step-child.ts, in a child process),
 * against the same bundles, so a publish never rebuilds a script or a stylesheet.
 *
 *   pictures      content/images → <client>/assets/content/* (AVIF/WebP variants of photos)
 *   share images  each page's card (satori + sharp) → <client>/assets/social/<page>-<hash>.png
 *   render input  the checked content, images resolved, each page's files → render-input.json
 *   pages         every page of contracts/routes.ts at `now` → <pages>/<page>.html (.br, .gz)
 *   PDFs          the handbook and bonuses → <client> (public) or <private>
 *
 * Share images, PDFs and photo variants are most of its time; with `reuse`
 * (scripts/render-reuse.ts) it takes those an earlier render made from the same inputs.
 */

/** Where the content step writes: the build's dist/ directories, or a publish's own. */
export interface ContentOutput {
  client: string;
  private: string;
  pages: string;
  renderInput: string;
}

/** What a page's document needs from the code's build: its files and whether it is indexed. */
export type PageFiles = Pick<PageDocument, 'stylesheets' | 'script' | 'fontPreloads'>;

export interface BuiltPageFiles {
  system: Record<SystemPageId, PageFiles>;
  /** The owner's pages' (src/pages/composed/ entry). */
  composed: PageFiles;
}

export interface ContentRenderOptions {
  content: Content;
  contentDir: string;
  out: ContentOutput;
  /**
   * The build's page renderer and share image / PDF bundle (dist/server/), and its public files,
   * where a share card finds a picture this render did not write.
   */
  built: { render: string; build: string; client: string };
  /** Each system page's files, and those every one of the owner's pages shares. */
  files: BuiltPageFiles;
  origins: Record<SiteId, string>;
  /** The moment the pages are rendered for. */
  now: number;
  /**
   * A preview: pictures as they are (no variants) under `imagesBase`, no share images or PDFs,
   * nothing indexed and no canonical address (the pages are the owner's alone).
   */
  preview?: { imagesBase: string };
  /** Cards, PDFs and photo variants an earlier render made from the same inputs. */
  reuse?: Reuse;
}

export type RenderBundle = typeof import('../src/entry-server');
type BuildBundle = typeof import('../src/entry-build');

/** How many pages are rendered before their batch is handed to compression. */
const pagesAtOnce = 20;

/** A page's share card as its document links it: where it is, its size and its words. */
type ShareImage = { path: string; width: number; height: number; alt: string };

/**
 * Renders the content into `out`, the pages with their compressed copies; answers the renderer,
 * for the calendar it reports, and how many pages it compressed. Each step of the table above is
 * a function below, in the order they run.
 */
export async function renderContent({
  content,
  contentDir,
  out,
  built,
  files,
  origins,
  now,
  preview,
  reuse = makeEverything,
}: ContentRenderOptions) {
  const images = await writePictures(content, contentDir, out, preview, reuse);
  const renderer = (await import(pathToFileURL(built.render).href)) as RenderBundle;
  const props = renderer.pageProps(images, now);
  const build = preview ? null : ((await import(pathToFileURL(built.build).href)) as BuildBundle);
  const shareImages = build
    ? await writeShareImages(build, props, { out, built, origins, reuse })
    : new Map<PageId, ShareImage>();
  const renderInput: RenderInput = {
    content: images,
    readAt: now,
    documents: pageDocuments(content, files, origins, shareImages, preview),
    composedFiles: files.composed,
  };
  await mkdir(dirname(out.renderInput), { recursive: true });
  await writeFile(out.renderInput, JSON.stringify(renderInput));
  const site = renderer.createSiteRenderer(renderInput);
  const pagesCompressed = await writePages(site, renderer.allDocumentIds(images), {
    out,
    now,
    reuse,
    compress: !preview,
  });
  // The handbook and bonus PDFs (product decision D9, D10), from the content at this moment.
  if (build) await writeDownloads(build, props, { out, origins, reuse });
  return { site, pagesCompressed };
}

/**
 * The pictures: photo variants (or, for a preview, the pictures as they are under its own base)
 * written where the pages link them. Answers the content with its images resolved.
 */
async function writePictures(
  content: Content,
  contentDir: string,
  out: ContentOutput,
  preview: ContentRenderOptions['preview'],
  reuse: Reuse,
) {
  const images = await resolveContentImages(
    content,
    contentDir,
    preview ? { variants: false, urlBase: preview.imagesBase } : { reuse },
  );
  const imagesDir = preview ? out.client : join(out.client, 'assets/content');
  await mkdir(imagesDir, { recursive: true });
  for (const { fileName, source } of images.files) {
    await writeFile(join(imagesDir, fileName), source);
  }
  return images.content;
}

/**
 * Share images, content-hashed like every asset: a changed card gets a new URL, so link previews
 * that cache images by URL show the new one. Answers each page's card.
 */
async function writeShareImages(
  build: BuildBundle,
  props: PageProps,
  {
    out,
    built,
    origins,
    reuse,
  }: Pick<ContentRenderOptions, 'out' | 'built' | 'origins'> & {
    reuse: Reuse;
  },
): Promise<Map<PageId, ShareImage>> {
  const shareImages = new Map<PageId, ShareImage>();
  await mkdir(join(out.client, 'assets/social'), { recursive: true });
  // A card may draw a picture of the content: this render's own, or one of the build's.
  const readImage = (src: string) =>
    readFile(join(out.client, src)).catch(() => readFile(join(built.client, src)));
  for (const { page, png, ...image } of await build.renderSocialCards(
    origins,
    props,
    readImage,
    reuse,
  )) {
    const path = shareImagePath(page, createHash('sha256').update(png).digest('base64url'));
    await writeFile(join(out.client, path), png);
    shareImages.set(page, { path, ...image });
  }
  return shareImages;
}

/** Each page's document: its files, its canonical address, whether it is indexed, its card. */
function pageDocuments(
  content: Content,
  files: BuiltPageFiles,
  origins: Record<SiteId, string>,
  shareImages: ReadonlyMap<PageId, ShareImage>,
  preview: ContentRenderOptions['preview'],
): Record<PageId, PageDocument> {
  const owner = ownerRoutes(content);
  const documents = {} as Record<PageId, PageDocument>;
  for (const page of allPageIds(owner)) {
    const canonical = preview ? null : canonicalUrl(page, origins, owner);
    const card = shareImages.get(page);
    documents[page] = {
      ...(page in files.system ? files.system[page as SystemPageId] : files.composed),
      canonical,
      noindex: preview ? true : !isIndexed(page, owner),
      // The image by absolute URL on the page's own origin, as link previews require.
      share:
        canonical && card
          ? {
              url: new URL(card.path, canonical).href,
              width: card.width,
              height: card.height,
              alt: card.alt,
            }
          : null,
    };
  }
  return documents;
}

/**
 * Every page's HTML under `out.pages`, a few pages at a time: each batch is compressed on libuv's
 * threads while the next renders on this one (a preview's pages are not compressed: nobody
 * downloads them but the owner). Answers how many files were compressed.
 */
async function writePages(
  site: SiteRenderer,
  ids: readonly DocumentId[],
  {
    out,
    now,
    reuse,
    compress,
  }: { out: ContentOutput; now: number; reuse: Reuse; compress: boolean },
): Promise<number> {
  await mkdir(out.pages, { recursive: true });
  const compressing: Promise<number>[] = [];
  for (let start = 0; start < ids.length; start += pagesAtOnce) {
    const written: string[] = [];
    for (const [page, html] of await site.render(ids.slice(start, start + pagesAtOnce), now)) {
      // An owner's page, "pages/speaking", is pages/speaking.html under the pages' directory; a
      // variant, "waitlist@headline/b", is waitlist@headline/b.html.
      const file = join(out.pages, `${page}.html`);
      await mkdir(dirname(file), { recursive: true });
      await writeFile(file, html);
      written.push(file);
    }
    if (compress) {
      const batch = precompressFiles(written, reuse);
      // Awaited below, with the others; until then its failure is not unhandled.
      batch.catch(() => {});
      compressing.push(batch);
    }
  }
  return (await Promise.all(compressing)).reduce((sum, count) => sum + count, 0);
}

/** The PDFs: public ones beside the site's files, the others where only the server hands them out. */
async function writeDownloads(
  build: BuildBundle,
  props: PageProps,
  { out, origins, reuse }: { out: ContentOutput; origins: Record<SiteId, string>; reuse: Reuse },
) {
  for (const { path, pdf, public: isPublic } of await build.renderDownloads(
    origins,
    props,
    reuse,
  )) {
    const file = join(isPublic ? out.client : out.private, path);
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, pdf);
  }
}
