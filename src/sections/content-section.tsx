import type { ReactNode } from 'react';
import { Container } from '../components/ui/container';
import type { Section } from '../content/types';
import { cn } from '../lib/cn';

/** A titled page section with the brief's section rhythm (56–72 px mobile, 96–128 px desktop). */
export function ContentSection({
  section,
  className,
  children,
}: {
  section: Section;
  className?: string;
  children?: ReactNode;
}) {
  const headingId = section.id ? `${section.id}-heading` : undefined;
  return (
    <section
      id={section.id}
      aria-labelledby={headingId}
      className={cn('scroll-mt-20 border-t border-line py-16 md:py-28', className)}
    >
      <Container>
        <h2 id={headingId} className="max-w-3xl text-step-4 uppercase">
          {section.heading}
        </h2>
        {section.body ? (
          <p className="mt-6 max-w-2xl text-step-1 text-muted">{section.body}</p>
        ) : null}
        {children}
      </Container>
    </section>
  );
}
