import { Section, SectionHeading } from '../../components/ui/section';
import type { SiteContent } from '../../content/page-props';
import { PressCarousel } from '../../islands';

export type PressLogosProps = SiteContent['home']['press'] & { id: string };

/** Press wordmarks (product brief §2.2), each a link to the coverage. */
export function PressLogos({ id, heading, sampleNote, labels, logos }: PressLogosProps) {
  return (
    <Section id={id} spacing="compact">
      <div className="flex flex-wrap items-baseline justify-between gap-2 border-b-2 border-ink pb-4">
        <SectionHeading heading={heading} size="md" />
        {sampleNote ? <p className="text-step--1 text-muted">{sampleNote}</p> : null}
      </div>
      <PressCarousel labels={labels} logos={logos} />
    </Section>
  );
}
