import { Fragment } from 'react';
import { PageLayout } from '../components/page-layout';
import { Button } from '../components/ui/button';
import { Container } from '../components/ui/container';
import {
  type Inline,
  type LegalBlock,
  type LegalDocument,
  type LegalSection,
  legalLabels,
  type RichText,
} from '../content/legal';
import type { SiteContent } from '../content/page-props';
import { PageHero } from './page-hero';

const dateFormat = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' });

const linkClass =
  'font-semibold underline decoration-accent-strong decoration-2 underline-offset-4 transition-colors hover:decoration-ink';

/** The words of a run of text, as a React key. */
const textKey = (text: RichText) =>
  text
    .map((part) => (typeof part === 'string' ? part : 'fill' in part ? part.fill : part.label))
    .join('');

/** One run of text; the owner's still-missing details are highlighted so none is missed. */
function InlinePart({ part }: { part: Inline }) {
  if (typeof part === 'string') return part;
  if ('fill' in part) {
    return (
      <mark className="rounded-sm bg-accent box-decoration-clone px-1 font-semibold text-on-accent outline-1 outline-ink outline-dashed">
        [{legalLabels.ownerDetail}: {part.fill}]
      </mark>
    );
  }
  const newTab = part.external ? { target: '_blank', rel: 'noopener noreferrer' } : {};
  return (
    <a className={linkClass} href={part.href} {...newTab}>
      {part.label}
    </a>
  );
}

function Rich({ text }: { text: RichText }) {
  return text.map((part, index) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: static content: a run's place is its identity.
    <Fragment key={index}>
      <InlinePart part={part} />
    </Fragment>
  ));
}

/**
 * A table that stays readable at 375 px without scrolling sideways: below `md` each row becomes a
 * card (its row header on top, each cell under its column's name); from `md` a plain table. The
 * repeated column names are for sight only, assistive technology has the real headers.
 */
function LegalTable({ block }: { block: Extract<LegalBlock, { kind: 'table' }> }) {
  const [, ...detailColumns] = block.columns;
  return (
    <table className="mt-6 w-full border-collapse text-left text-step--1">
      <caption className="mb-4 text-left font-semibold">{block.caption}</caption>
      <thead className="max-md:sr-only">
        <tr className="border-b-2 border-ink">
          {block.columns.map((column) => (
            <th key={column} scope="col" className="py-3 pr-4 align-bottom font-semibold">
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {block.rows.map(([name = [], ...cells]) => (
          <tr
            key={textKey(name)}
            className="border-line max-md:mb-4 max-md:block max-md:rounded-card max-md:bg-surface max-md:p-5 md:border-b md:last:border-b-0"
          >
            <th
              scope="row"
              className="py-3 pr-4 align-top font-semibold max-md:block max-md:[overflow-wrap:anywhere] max-md:pt-0 max-md:text-step-0"
            >
              <Rich text={name} />
            </th>
            {cells.map((cell, index) => (
              <td
                key={detailColumns[index]}
                className="py-3 pr-4 align-top max-md:block max-md:py-1.5"
              >
                <span aria-hidden="true" className="block text-muted md:hidden">
                  {detailColumns[index]}
                </span>
                <Rich text={cell} />
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Block({ block }: { block: LegalBlock }) {
  switch (block.kind) {
    case 'paragraph':
      return (
        <p className="mt-4 max-w-prose">
          <Rich text={block.text} />
        </p>
      );
    case 'list':
      return (
        <ul className="mt-4 max-w-prose list-disc space-y-2 pl-6 marker:text-muted">
          {block.items.map((item) => (
            <li key={textKey(item)}>
              <Rich text={item} />
            </li>
          ))}
        </ul>
      );
    case 'table':
      return <LegalTable block={block} />;
    case 'consent-button':
      // A plain button: the consent banner's script finds it by `data-consent-open` and shows
      // it (D20); without that script it could do nothing, so it starts hidden.
      return (
        <Button type="button" variant="secondary" className="mt-6" data-consent-open="" hidden>
          {block.label}
        </Button>
      );
  }
}

function DocumentSection({ section }: { section: LegalSection }) {
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
      {section.blocks.map((block, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static content: a block's place is its identity.
        <Block key={index} block={block} />
      ))}
    </section>
  );
}

/** The table of contents: beside the text on wide screens (sticky), above it on narrow ones. */
function Contents({ sections }: { sections: readonly LegalSection[] }) {
  return (
    <nav
      aria-label={legalLabels.contents}
      className="self-start rounded-card bg-surface p-6 lg:sticky lg:top-8 lg:bg-transparent lg:p-0"
    >
      <p className="text-step--1 font-bold uppercase tracking-[0.2em] text-muted">
        {legalLabels.contents}
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

/** A legal document (D7): its heading, summary and date, a table of contents, then its sections. */
export function LegalDocumentView({ document }: { document: LegalDocument }) {
  return (
    <>
      <PageHero
        kicker={legalLabels.kicker}
        heading={document.heading}
        sub={document.summary}
        className="pb-10 md:pb-16"
      >
        <p className="text-step--1 text-muted">
          {legalLabels.lastUpdated}{' '}
          <time dateTime={document.updated}>{dateFormat.format(new Date(document.updated))}</time>
        </p>
      </PageHero>
      <Container className="grid gap-12 border-t border-line pt-12 pb-20 md:pt-16 md:pb-28 lg:grid-cols-[14rem_minmax(0,1fr)] lg:gap-16">
        <Contents sections={document.sections} />
        <div className="min-w-0 max-w-3xl space-y-12">
          {document.sections.map((section) => (
            <DocumentSection key={section.id} section={section} />
          ))}
        </div>
      </Container>
    </>
  );
}

/** A whole legal page: the three differ only in their document. */
export function LegalPage({
  site,
  document,
}: {
  site: SiteContent['site'];
  document: LegalDocument;
}) {
  return (
    <PageLayout site={site}>
      <LegalDocumentView document={document} />
    </PageLayout>
  );
}
