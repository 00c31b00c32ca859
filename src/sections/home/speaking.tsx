import { ButtonLink } from '../../components/ui/button';
import { Container } from '../../components/ui/container';
import { VideoEmbed } from '../../components/video-embed';
import type { ImageAsset, Link } from '../../content/types';
import { track } from '../../lib/tracking';

/** Speaking (spec §2.2, D17): the talks, a video and "Book a Talk" to the contact form. */
export function Speaking({
  id,
  kicker,
  heading,
  lede,
  topicsLabel,
  topics,
  cta,
  video,
}: {
  id: string;
  kicker: string;
  heading: string;
  lede: string;
  topicsLabel: string;
  topics: readonly string[];
  cta: Link;
  video: { title: string; url: string | null; poster: ImageAsset; play: string };
}) {
  const headingId = `${id}-heading`;
  return (
    <section
      id={id}
      aria-labelledby={headingId}
      className="surface-ink scroll-mt-16 bg-[#111111] py-16 text-[#f7f4ee] md:py-28"
    >
      <Container className="grid items-center gap-12 lg:grid-cols-12">
        <div className="lg:col-span-5">
          <p className="text-step--1 font-bold uppercase tracking-[0.2em] text-accent">{kicker}</p>
          <h2 id={headingId} className="mt-3 text-step-5 uppercase">
            {heading}
          </h2>
          <p className="mt-5 text-step-1 leading-snug text-[#f7f4ee]/85">{lede}</p>
          <h3 className="mt-8 font-sans text-step--1 font-bold uppercase tracking-[0.2em] text-[#f7f4ee]/70">
            {topicsLabel}
          </h3>
          <ol className="mt-3 divide-y divide-[#f7f4ee]/15 border-y border-[#f7f4ee]/15">
            {topics.map((topic, index) => (
              <li key={topic} className="flex gap-4 py-3 text-step-0">
                <span className="font-display text-accent">
                  {String(index + 1).padStart(2, '0')}
                </span>
                {topic}
              </li>
            ))}
          </ol>
          <ButtonLink
            href={cta.href}
            size="lg"
            className="mt-8"
            onClick={() =>
              track('ctaClick', { button_name: cta.label, button_location: 'speaking' })
            }
          >
            {cta.label}
          </ButtonLink>
        </div>
        <VideoEmbed
          title={video.title}
          url={video.url}
          poster={video.poster}
          playLabel={video.play}
          className="rounded-[var(--radius-card)] ring-1 ring-[#f7f4ee]/15 lg:col-span-7"
        />
      </Container>
    </section>
  );
}
