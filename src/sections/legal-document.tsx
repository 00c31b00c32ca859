import {
  type LegalSection,
  parseInlineText,
  parseLegalText,
  parseText,
} from '../../contracts/content/legal-text';
import {
  MarkdownBlocks,
  MarkdownInlineText,
  type MarkdownParts,
} from '../components/markdown-text';
import { PageLayout } from '../components/page-layout';
import { Button } from '../components/ui/button';
import { Container } from '../components/ui/container';
import type { SiteContent } from '../content/page-props';
import { PageHero } from './page-hero';

type Labels = SiteContent['site']['legal'];
/** A legal page's file (content/legal/*.md) as pages receive it: facts filled in. */
export type LegalDocument = SiteContent['terms'];
type LegalTableContent = NonNullable<LegalDocument['table']>;

const dateFormat = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' });

/**
 * A table that stays readable at 375 px without scrolling sideways: below `md` each row becomes a
 * card (its row header on top, each cell under its column's name); from `md` a plain table. The
 * repeated column names are for sight only, assistive technology has the real headers.
 */
function LegalTable({ table, parts }: { table: LegalTableContent; parts: MarkdownParts }) {
  const [, ...detailColumns] = table.columns;
  return (
    <table className="mt-6 w-full border-collapse text-left text-step--1">
      <caption className="mb-4 text-left font-semibold">{table.caption}</caption>
      <thead className="max-md:sr-only">
        <tr className="border-b-2 border-ink">
          {table.columns.map((column) => (
            <th key={column} scope="col" className="py-3 pr-4 align-bottom font-semibold">
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {table.rows.map(({ name, details }) => (
          <tr
            key={name}
            className="border-line max-md:mb-4 max-md:block max-md:rounded-card max-md:bg-surface max-md:p-5 md:border-b md:last:border-b-0"
          >
            <th
              scope="row"
              className="py-3 pr-4 align-top font-semibold max-md:block max-md:[overflow-wrap:anywhere] max-md:pt-0 max-md:text-step-0"
            >
              {name}
            </th>
            {details.map((cell, index) => (
              <td
                key={detailColumns[index]}
                className="py-3 pr-4 align-top max-md:block max-md:py-1.5"
              >
                <span aria-hidden="true" className="block text-muted md:hidden">
                  {detailColumns[index]}
                </span>
                <MarkdownInlineText text={parseInlineText(cell).text} parts={parts} />
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * How a legal page draws its text (contracts/content/legal-text.ts), and an owner's page its
 * prose: the owner's still-missing details highlighted so none is missed, the file's table and
 * the consent settings button where their markers stand.
 */
function legalParts(labels: Labels, table?: LegalDocument['table']): MarkdownParts {
  const parts: MarkdownParts = {
    block: {
      paragraph: (_, inner, place) =>
        // A list item's one paragraph is its words alone.
        place === 'item' ? inner : <p className="mt-4 max-w-prose">{inner}</p>,
      list: (_, inner) => (
        <ul className="mt-4 max-w-prose list-disc space-y-2 pl-6 marker:text-muted">{inner}</ul>
      ),
      // The schema holds a table and its marker together (contracts/content/legal.ts).
      table: () => (table ? <LegalTable table={table} parts={parts} /> : null),
      // A plain button: the consent banner's script finds it by `data-consent-open` and shows
      // it (D20); without that script it could do nothing, so it starts hidden.
      'consent-button': (block) => (
        <Button type="button" variant="secondary" className="mt-6" data-consent-open="" hidden>
          {block.label}
        </Button>
      ),
    },
    inline: {
      'owner-detail': (part) => (
        <mark className="rounded-sm bg-accent box-decoration-clone px-1 font-semibold text-on-accent outline-1 outline-ink outline-dashed">
          [{labels.ownerDetail}: {part.what}]
        </mark>
      ),
    },
  };
  return parts;
}

/**
 * Prose outside a legal page (an owner's page's text block, contracts/content/pages.ts): its
 * paragraphs, lists and links as a legal page shows them.
 */
export function Prose({ text, labels }: { text: string; labels: Labels }) {
  return <MarkdownBlocks blocks={parseText(text).blocks} parts={legalParts(labels)} />;
}

function DocumentSection({ section, parts }: { section: LegalSection; parts: MarkdownParts }) {
  const headingId = `${section.id}-heading`;
  return (
    <section
      id={section.id}
      aria-labelledby={headingId}
      className="scroll-mt-8 border-t border-line pt-10 first:border-t-0 first:pt-0"
    >
      <h2 id={headingId} className="text-step-3 uppercase">
        {section.heading}
      </h2>
      <MarkdownBlocks blocks={section.blocks} parts={parts} />
    </section>
  );
}

/** The table of contents: beside the text on wide screens (sticky), above it on narrow ones. */
function Contents({ sections, labels }: { sections: readonly LegalSection[]; labels: Labels }) {
  return (
    <nav
      aria-label={labels.contents}
      className="self-start rounded-card bg-surface p-6 lg:sticky lg:top-8 lg:bg-transparent lg:p-0"
    >
      <p className="text-step--1 font-bold uppercase tracking-[0.2em] text-muted">
        {labels.contents}
      </p>
      <ol className="mt-4 space-y-2 text-step--1">
        {sections.map((section, index) => (
          <li key={section.id} className="flex gap-3">
            <span aria-hidden="true" className="font-semibold text-muted tabular-nums">
              {String(index + 1).padStart(2, '0')}
            </span>
            <a
              className="underline-offset-4 hover:underline focus-visible:underline"
              href={`#${section.id}`}
            >
              {section.heading}
            </a>
          </li>
        ))}
      </ol>
    </nav>
  );
}

/**
 * A legal document (D7): its heading, summary and date, a table of contents, then its sections,
 * from the Markdown of its file (contracts/content/legal-text.ts).
 */
export function LegalDocumentView({
  document,
  labels,
}: {
  document: LegalDocument;
  labels: Labels;
}) {
  const { sections } = parseLegalText(document.body);
  const parts = legalParts(labels, document.table);
  return (
    <>
      <PageHero
        kicker={labels.kicker}
        heading={document.heading}
        sub={document.summary}
        className="pb-10 md:pb-16"
      >
        <p className="text-step--1 text-muted">
          {labels.lastUpdated}{' '}
          <time dateTime={document.updated}>{dateFormat.format(new Date(document.updated))}</time>
        </p>
      </PageHero>
      <Container className="grid gap-12 border-t border-line pt-12 pb-20 md:pt-16 md:pb-28 lg:grid-cols-[14rem_minmax(0,1fr)] lg:gap-16">
        <Contents sections={sections} labels={labels} />
        <div className="min-w-0 max-w-3xl space-y-12">
          {sections.map((section) => (
            <DocumentSection key={section.id} section={section} parts={parts} />
          ))}
        </div>
      </Container>
    </>
  );
}

/**
 * A whole legal page: the three differ only in their document and their path (on the main site,
 * whichever host shows them), which the menu marks.
 */
export function LegalPage({
  site,
  document,
  path,
}: {
  site: SiteContent['site'];
  document: LegalDocument;
  path: string | null;
}) {
  return (
    <PageLayout site={site} menu={{ current: path }}>
      <LegalDocumentView document={document} labels={site.legal} />
    </PageLayout>
  );
}
