import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { allPageIds, ownerRoutes, type PageId } from '../contracts/routes';
import type { CalendarEvent, SiteRenderer } from '../contracts/site-renderer';
import type { PageProps, SiteContent } from './content/page-props';
import { type DocumentParts, type PageScript, renderDocument, type ShareImage } from './document';
import { contentDates } from './lib/calendar';
import { factsOf, withFacts } from './lib/facts';
import { pageRegistry, registeredPage } from './pages/registry';
import { structuredData } from './seo/structured-data';

export { contentDates, pageRegistry, registeredPage };

/**
 * The server side of the site, bundled by the build as dist/server/render.js: the build renders
 * every page with it, and the running server renders again when a content date passes
 * (contracts/site-renderer.ts). Everything a page shows comes in through `RenderInput`.
 */

/** What the build knows about a page's document beyond its content: its files and addresses. */
export interface PageDocument {
  canonical: string | null;
  noindex: boolean;
  stylesheets: readonly string[];
  script: PageScript;
  fontPreloads: readonly string[];
  share: ShareImage | null;
}

export interface RenderInput {
  /** The owner's content, validated, images resolved to URLs. */
  content: SiteContent;
  /** When the content was read: the calendar lists New Years from then. */
  readAt: number;
  documents: Record<PageId, PageDocument>;
  /**
   * The files of the owner's pages' document (src/pages/composed/ entry): a publish gives them to
   * a page the build never saw.
   */
  composedFiles: Pick<PageDocument, 'stylesheets' | 'script' | 'fontPreloads'>;
}

/** The props of every page at `now`: the content with its facts filled in for that moment. */
export function pageProps(content: SiteContent, now: number): PageProps {
  return { content: withFacts(content, factsOf(content, now)), now };
}

/** Renders one page's body: the HTML that its client entry hydrates (no document shell). */
export async function renderPage(page: PageId, props: PageProps): Promise<string> {
  const { Component } = registeredPage(page, props);
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <Component {...props} />
    </StrictMode>,
  );
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks).toString('utf8');
}

/** A page's whole document at `now`. */
export async function renderPageDocument(
  page: PageId,
  props: PageProps,
  document: Omit<DocumentParts, 'meta' | 'body' | 'structuredData' | 'share'> & {
    share: ShareImage | null;
  },
): Promise<string> {
  const meta = registeredPage(page, props).meta(props);
  const { canonical, share } = document;
  return renderDocument({
    ...document,
    meta,
    share: share ? { siteName: props.content.site.founder.name, image: share } : null,
    structuredData:
      canonical && share ? structuredData(page, props, { url: canonical, image: share.url }) : null,
    body: await renderPage(page, props),
  });
}

export function createSiteRenderer(input: RenderInput): SiteRenderer {
  // Every page is rendered again at each date: there are few, and a page cannot be missed.
  const events: CalendarEvent[] = contentDates(input.content, input.readAt).map((date) => ({
    ...date,
    pages: allPageIds(ownerRoutes(input.content)),
  }));
  return {
    async render(pages, now) {
      const props = pageProps(input.content, now);
      const documents = new Map<PageId, string>();
      for (const page of pages) {
        const document = input.documents[page];
        if (!document) throw new Error(`No document for page "${page}"`);
        documents.set(page, await renderPageDocument(page, props, document));
      }
      return documents;
    },
    calendar: () => events,
  };
}
