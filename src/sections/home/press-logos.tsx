import { Section, SectionHeading } from '../../components/ui/section';
import type { PressLogo } from '../../content/home';
import type { CarouselLabels } from '../../content/types';
import { PressCarousel } from '../../islands';

export interface PressLogosProps {
  id: string;
  heading: string;
  sampleNote: string;
  labels: CarouselLabels;
  logos: readonly PressLogo[];
}

/** Press wordmarks (spec §2.2), each a link to the coverage. */
export function PressLogos({ id, heading, sampleNote, labels, logos }: PressLogosProps) {
  return (
    <Section id={id} spacing="compact">
      <div className="flex flex-wrap items-baseline justify-between gap-2 border-b-2 border-ink pb-4">
        <SectionHeading heading={heading} size="md" />
        <p className="text-step--1 text-muted">{sampleNote}</p>
      </div>
      <PressCarousel labels={labels} logos={logos} />
    </Section>
  );
}
