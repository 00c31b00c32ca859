import { CheckList } from '../../components/ui/check-list';
import { Section, SectionHeading } from '../../components/ui/section';

export interface BookDescriptionProps {
  id: string;
  kicker: string;
  heading: string;
  paragraphs: readonly string[];
  benefitsLabel: string;
  benefits: readonly string[];
}

/** What the book is, and the five things a reader takes from it (product brief §2.4 item 3). */
export function BookDescription({
  id,
  kicker,
  heading,
  paragraphs,
  benefitsLabel,
  benefits,
}: BookDescriptionProps) {
  return (
    <Section id={id} containerClassName="grid gap-10 lg:grid-cols-12">
      <div className="lg:col-span-6">
        <SectionHeading kicker={kicker} heading={heading} />
        {paragraphs.map((paragraph) => (
          <p key={paragraph} className="mt-5 text-step-1 leading-snug text-muted">
            {paragraph}
          </p>
        ))}
      </div>
      <div className="rounded-card bg-surface p-7 md:p-10 lg:col-span-6">
        <h3 className="text-step-2 uppercase">{benefitsLabel}</h3>
        <CheckList items={benefits} className="mt-6" />
      </div>
    </Section>
  );
}
