import { Section, SectionHeading } from '../components/ui/section';
import type { VideoContent } from '../content/types';
import { VideoEmbed } from '../islands';

export interface VideoMessageProps {
  id: string;
  kicker?: string;
  heading: string;
  sub?: string;
  video: VideoContent;
}

/** A video with a short introduction: the consent-gated video box in a dark band. */
export function VideoMessage({ id, kicker, heading, sub, video }: VideoMessageProps) {
  return (
    <Section id={id} band="dark" containerClassName="grid items-center gap-10 lg:grid-cols-12">
      <div className="lg:col-span-5">
        <SectionHeading kicker={kicker} heading={heading} />
        {sub ? <p className="mt-5 text-step-1 leading-snug text-ink/85">{sub}</p> : null}
      </div>
      <VideoEmbed video={video} className="rounded-card ring-1 ring-line lg:col-span-7" />
    </Section>
  );
}
