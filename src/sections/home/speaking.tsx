import { ButtonLink } from '../../components/ui/button';
import { Section, SectionHeading } from '../../components/ui/section';
import type { Link, VideoContent } from '../../content/types';
import { VideoEmbed } from '../../islands';

export interface SpeakingProps {
  id: string;
  kicker: string;
  heading: string;
  sub: string;
  topicsLabel: string;
  topics: readonly string[];
  cta: Link;
  video: VideoContent;
}

/** Speaking (product brief §2.2, product decision D17): the talks, a video and "Book a Talk" to the contact form. */
export function Speaking({
  id,
  kicker,
  heading,
  sub,
  topicsLabel,
  topics,
  cta,
  video,
}: SpeakingProps) {
  return (
    <Section id={id} band="dark" containerClassName="grid items-center gap-12 lg:grid-cols-12">
      <div className="lg:col-span-5">
        <SectionHeading kicker={kicker} heading={heading} size="xl" />
        <p className="mt-5 text-step-1 leading-snug text-ink/85">{sub}</p>
        <h3 className="mt-8 font-sans text-step--1 font-bold uppercase tracking-[0.2em] text-ink/70">
          {topicsLabel}
        </h3>
        <ol className="mt-3 divide-y divide-line border-y border-line">
          {topics.map((topic, index) => (
            <li key={topic} className="flex gap-4 py-3 text-step-0">
              <span className="font-display text-accent">{String(index + 1).padStart(2, '0')}</span>
              {topic}
            </li>
          ))}
        </ol>
        <ButtonLink href={cta.href} size="lg" track={{ location: 'speaking' }} className="mt-8">
          {cta.label}
        </ButtonLink>
      </div>
      <VideoEmbed video={video} className="rounded-card ring-1 ring-line lg:col-span-7" />
    </Section>
  );
}
