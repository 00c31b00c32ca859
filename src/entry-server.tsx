import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import {
  type DocumentId,
  testablePages,
  variantIds,
  variantOf,
  withChanges,
} from '../contracts/content/experiments';
import { writingFeedTypes } from '../contracts/content/posts';
import { allPageIds, ownerPageId, ownerRoutes, type PageId } from '../contracts/routes';
import type { CalendarEvent, SiteRenderer } from '../contracts/site-renderer';
import type { SeatsTaken } from '../contracts/workshop-sessions';
import { publicConfig } from './config';
import type { PageProps, SiteContent } from './content/page-props';
import { type DocumentParts, type PageScript, renderDocument, type ShareImage } from './document';
import { contentDates } from './lib/calendar';
import { factsOf, factsSession, withFacts } from './lib/facts';
import { seatsShownKey } from './lib/seats';
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

/**
 * The props of every page at `now` with the seats the store knows (none at build): the content
 * with its facts filled in for that moment.
 */
export function pageProps(content: SiteContent, now: number, taken?: SeatsTaken): PageProps {
  return {
    content: withFacts(content, factsOf(content, now, taken)),
    now,
    ...(taken ? { taken } : {}),
  };
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

/** A feed of the writing, on the main site wherever the page is. */
const feedUrl = (path: string, file: string) =>
  new URL(`${path}/${file}`, publicConfig.origins.main).href;

/** A page's whole document at `now`. */
export async function renderPageDocument(
  page: PageId,
  props: PageProps,
  document: Omit<DocumentParts, 'meta' | 'body' | 'structuredData' | 'share' | 'feeds'> & {
    share: ShareImage | null;
  },
): Promise<string> {
  const meta = registeredPage(page, props).meta(props);
  const { canonical, share } = document;
  const { writing } = props.content;
  return renderDocument({
    ...document,
    meta,
    feeds: Object.entries(writingFeedTypes).map(([file, type]) => ({
      type,
      title: writing.name,
      href: feedUrl(writing.path, file),
    })),
    share: share ? { siteName: props.content.site.founder.name, image: share } : null,
    structuredData:
      canonical && share ? structuredData(page, props, { url: canonical, image: share.url }) : null,
    body: await renderPage(page, props),
  });
}

/** Every document a render makes: each page's, then each experiment's variants'. */
export function allDocumentIds(content: SiteContent): DocumentId[] {
  return [...allPageIds(ownerRoutes(content)), ...variantIds(content.experiments.experiments)];
}

/** The content as one of its variants shows it: its page's words with the variant's changes. */
function contentOfVariant(
  content: SiteContent,
  { page, experiment, variant }: NonNullable<ReturnType<typeof variantOf>>,
): SiteContent {
  const changes = content.experiments.experiments
    .find(({ name, page: tested }) => name === experiment && tested === page)
    ?.variants.find(({ name }) => name === variant)?.changes;
  if (!changes) throw new Error(`No variant "${variant}" of "${experiment}" on "${page}"`);
  const slug = page.startsWith(ownerPageId('')) ? page.slice(ownerPageId('').length) : null;
  if (slug !== null) {
    const owner = content.pages[slug];
    if (!owner) throw new Error(`No page "${page}" for the experiment "${experiment}"`);
    return { ...content, pages: { ...content.pages, [slug]: withChanges(owner, changes) } };
  }
  const file = testablePages[page as keyof typeof testablePages];
  return { ...content, [file]: withChanges(content[file], changes) };
}

/** Whether a document sells workshop sessions: the workshop, or an owner's page with a checkout. */
function sellsSessions(content: SiteContent, id: DocumentId): boolean {
  const page = variantOf(id)?.page ?? id;
  if (page === 'workshop') return true;
  const owner = ownerPageId('');
  if (!page.startsWith(owner)) return false;
  const blocks = content.pages[page.slice(owner.length)]?.blocks ?? [];
  return blocks.some((block) => block.discriminant === 'checkout');
}

/** How the pages' words name the cohort's seats left (src/lib/facts.ts). */
const cohortSeatsLeftFact = '{cohortSeatsLeft}';

/** The pages made of the cohort's own words, each of which may say its seats. */
const cohortPages: readonly PageId[] = ['cohort', 'cohort-apply', 'cohort-offer'];

/**
 * The documents whose HTML follows the cohort's seats left: the cohort's own pages (its page says
 * how many are left or that the intake is full, its application page says so above the form) and
 * their variants; one of the owner's pages, or a variant, whose words name {cohortSeatsLeft}; and
 * every document when another content file's words do, as any page may show them (the site's).
 */
function cohortSeatsPages(content: SiteContent, pages: readonly DocumentId[]) {
  const names = (words: unknown) => JSON.stringify(words ?? null).includes(cohortSeatsLeftFact);
  const { cohort: _cohort, pages: owners, experiments, ...files } = content;
  if (Object.values(files).some(names)) return pages;
  const owner = ownerPageId('');
  return pages.filter((id) => {
    const variant = variantOf(id);
    const page = variant?.page ?? (id as PageId);
    if (cohortPages.includes(page)) return true;
    if (page.startsWith(owner) && names(owners[page.slice(owner.length)])) return true;
    const changes = experiments.experiments
      .find(({ name, page: tested }) => name === variant?.experiment && tested === page)
      ?.variants.find(({ name }) => name === variant?.variant)?.changes;
    return names(changes);
  });
}

/**
 * The documents a change of seats changes (SiteRenderer.pagesChangedBySeats): every one when
 * the workshop's facts would describe another session, the selling ones when what they show of
 * any session's seats differs, the cohort's (cohortSeatsPages) when its seats left differ, else
 * none.
 */
function seatsChanges(content: SiteContent, pages: readonly DocumentId[]) {
  const selling = pages.filter((id) => sellsSessions(content, id));
  const { workshop } = content;
  const sessions = [
    ...workshop.sessions,
    ...Object.values(content.pages).flatMap(({ blocks }) =>
      blocks.flatMap((block) => (block.discriminant === 'checkout' ? block.value.sessions : [])),
    ),
  ];
  const seatsCopy = workshop.delivery.seats;
  const cohort = cohortSeatsPages(content, pages);
  return (before: SeatsTaken, after: SeatsTaken, now: number): readonly DocumentId[] => {
    const described = (taken: SeatsTaken) => factsSession(workshop.sessions, now, taken)?.id;
    if (described(before) !== described(after)) return pages;
    const shown = (taken: SeatsTaken) => seatsShownKey(sessions, now, taken, seatsCopy);
    // The fact itself, as the pages write it: the intake it counts is the pages' own.
    const left = (taken: SeatsTaken) => factsOf(content, now, taken).cohortSeatsLeft;
    const changed = new Set([
      ...(shown(before) === shown(after) ? [] : selling),
      ...(left(before) === left(after) ? [] : cohort),
    ]);
    return pages.filter((id) => changed.has(id));
  };
}

export function createSiteRenderer(input: RenderInput): SiteRenderer {
  // Every document is rendered again at each date: there are few, and none can be missed. The
  // list is made once: each post's date is a date, and the list of 500 posts' pages, made again
  // for each, took seconds (npm run bench:publish with BENCH_POSTS).
  const pages = allDocumentIds(input.content);
  const events: CalendarEvent[] = contentDates(input.content, input.readAt).map((date) => ({
    ...date,
    pages,
  }));
  return {
    async render(ids, now, taken) {
      const props = pageProps(input.content, now, taken);
      const documents = new Map<DocumentId, string>();
      for (const id of ids) {
        const variant = variantOf(id);
        const page = variant?.page ?? (id as PageId);
        const document = input.documents[page];
        if (!document) throw new Error(`No document for page "${page}"`);
        // A variant is its page, with the same address, files and card, and its own words.
        const variantProps = variant
          ? pageProps(contentOfVariant(input.content, variant), now, taken)
          : props;
        documents.set(id, await renderPageDocument(page, variantProps, document));
      }
      return documents;
    },
    calendar: () => events,
    pagesChangedBySeats: seatsChanges(input.content, pages),
  };
}
