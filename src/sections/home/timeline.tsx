import { Section, SectionHeading } from '../../components/ui/section';
import type { SiteContent } from '../../content/page-props';
import { TimelineCarousel } from '../../islands';

export type TimelineProps = SiteContent['home']['timeline'] & { id: string };

/** The life story, slide by slide (product brief §2.2, §4): an autoplaying, looping carousel. */
export function Timeline({ id, kicker, heading, labels, slides, autoplaySeconds }: TimelineProps) {
  return (
    <Section id={id} band="surface">
      <SectionHeading kicker={kicker} heading={heading} />
      <TimelineCarousel
        labels={labels}
        slides={slides}
        autoplay={{ minMs: autoplaySeconds.min * 1000, maxMs: autoplaySeconds.max * 1000 }}
      />
    </Section>
  );
}
