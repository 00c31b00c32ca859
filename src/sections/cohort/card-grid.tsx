import { Section, SectionHeading } from '../../components/ui/section';
import type { SiteContent } from '../../content/page-props';

export type CardGridProps = SiteContent['cohort']['deliverables'] & { id: string };

/** Titled cards in a grid (the cohort's six deliverables, product brief §2.8 item 6). */
export function CardGrid({ id, heading, items }: CardGridProps) {
  return (
    <Section id={id} band="surface">
      <SectionHeading heading={heading} />
      <ul className="mt-10 grid gap-5 md:grid-cols-2 lg:grid-cols-3">
        {items.map((item) => (
          <li key={item.title} className="rounded-card bg-paper p-7 shadow-[var(--shadow-card)]">
            <h3 className="text-step-2 uppercase">{item.title}</h3>
            <p className="mt-3 text-step-0 text-muted">{item.body}</p>
          </li>
        ))}
      </ul>
    </Section>
  );
}
