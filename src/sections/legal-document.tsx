import { PageLayout } from '../components/page-layout';
import { Container } from '../components/ui/container';
import type { LegalDocument } from '../content/legal';

/** A legal page body (D7): heading, date and numbered sections in a readable measure. */
export function LegalDocumentView({ document }: { document: LegalDocument }) {
  return (
    <Container className="py-16 md:py-24">
      <article className="max-w-2xl">
        <h1 className="text-step-4 uppercase">{document.heading}</h1>
        <p className="mt-3 text-step--1 text-muted">{document.updated}</p>
        {document.sections.map((section) => (
          <section key={section.heading} className="mt-10">
            <h2 className="font-sans text-step-1 font-bold normal-case tracking-normal">
              {section.heading}
            </h2>
            {section.paragraphs.map((paragraph) => (
              <p key={paragraph} className="mt-3">
                {paragraph}
              </p>
            ))}
          </section>
        ))}
      </article>
    </Container>
  );
}

/** A whole legal page: the three differ only in their document. */
export function LegalPage({ document }: { document: LegalDocument }) {
  return (
    <PageLayout>
      <LegalDocumentView document={document} />
    </PageLayout>
  );
}
