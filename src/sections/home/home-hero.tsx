import { ArrowDown } from '../../components/icons';
import { ButtonLink } from '../../components/ui/button';
import { Container } from '../../components/ui/container';
import type { Link, VideoContent } from '../../content/types';
import { VideoEmbed } from '../../islands';

/** The home page's opening: name, tagline, one call to action, a Scroll cue and the reel. */
export function HomeHero({
  name,
  tagline,
  sub,
  cta,
  scrollCue,
  scrollTarget,
  video,
}: {
  name: string;
  tagline: string;
  sub: string;
  cta: Link;
  scrollCue: string;
  scrollTarget: string;
  video: VideoContent;
}) {
  return (
    <section className="relative overflow-hidden pt-10 pb-16 md:pt-14 md:pb-24">
      <Container>
        <p className="text-step--1 font-bold uppercase tracking-[0.18em] text-muted">{tagline}</p>
        <h1 className="mt-3 text-step-6 leading-[0.9] uppercase">{name}</h1>
        <div className="mt-10 grid gap-10 lg:mt-12 lg:grid-cols-12 lg:gap-12">
          <div className="flex flex-col gap-8 lg:col-span-4 lg:justify-between">
            <p className="max-w-md text-step-1 leading-snug text-muted">{sub}</p>
            <div className="flex flex-wrap items-center gap-6">
              <ButtonLink href={cta.href} size="lg" track={{ location: 'hero' }}>
                {cta.label}
              </ButtonLink>
              <a
                href={scrollTarget}
                className="inline-flex items-center gap-3 text-step--1 font-bold uppercase tracking-[0.2em]"
              >
                <span className="flex size-10 items-center justify-center rounded-full border-2 border-current">
                  <ArrowDown className="size-4 motion-safe:animate-bounce" />
                </span>
                {scrollCue}
              </a>
            </div>
          </div>
          <div className="relative lg:col-span-8">
            <div
              aria-hidden="true"
              className="absolute -top-6 -right-3 hidden size-28 rounded-full bg-accent sm:block lg:-top-10 lg:size-36"
            />
            <VideoEmbed
              video={video}
              ambient
              priority
              className="rounded-card shadow-[var(--shadow-card)]"
            />
          </div>
        </div>
      </Container>
    </section>
  );
}
