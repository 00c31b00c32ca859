import { Section, SectionHeading } from '../../components/ui/section';
import type { TimelineSlide } from '../../content/home';
import type { CarouselLabels } from '../../content/types';
import { TimelineCarousel } from '../../islands';

export interface TimelineProps {
  id: string;
  kicker: string;
  heading: string;
  labels: CarouselLabels;
  slides: readonly TimelineSlide[];
  autoplay: { minMs: number; maxMs: number };
}

/** The life story in seven slides (spec §2.2, §4): an autoplaying, looping carousel. */
export function Timeline({ id, kicker, heading, labels, slides, autoplay }: TimelineProps) {
  return (
    <Section id={id} band="surface">
      <SectionHeading kicker={kicker} heading={heading} />
      <TimelineCarousel labels={labels} slides={slides} autoplay={autoplay} />
    </Section>
  );
}
