import { Carousel } from '../../components/ui/carousel';
import { Container } from '../../components/ui/container';
import type { TimelineSlide } from '../../content/home';
import type { CarouselLabels } from '../../content/types';

/** The life story in seven slides (spec §2.2, §4): an autoplaying, looping carousel. */
export function Timeline({
  id,
  kicker,
  heading,
  labels,
  slides,
  autoplay,
}: {
  id: string;
  kicker: string;
  heading: string;
  labels: CarouselLabels;
  slides: readonly TimelineSlide[];
  autoplay: { minMs: number; maxMs: number };
}) {
  const headingId = `${id}-heading`;
  return (
    <section id={id} aria-labelledby={headingId} className="scroll-mt-16 bg-surface py-16 md:py-28">
      <Container>
        <p className="text-step--1 font-bold uppercase tracking-[0.2em] text-muted">{kicker}</p>
        <h2 id={headingId} className="mt-3 text-step-4 uppercase">
          {heading}
        </h2>
        <Carousel
          labels={labels}
          autoplay={autoplay}
          className="mt-10"
          slideClassName="pr-4 md:pr-6"
          slides={slides.map((slide, index) => (
            <article
              key={slide.section}
              className="grid h-full overflow-hidden rounded-[var(--radius-card)] bg-paper shadow-[var(--shadow-card)] ring-1 ring-ink/10 md:grid-cols-2"
            >
              <img
                src={slide.image.src}
                width={slide.image.width}
                height={slide.image.height}
                alt={slide.image.alt}
                loading="lazy"
                decoding="async"
                className="aspect-[4/3] h-auto w-full object-cover"
              />
              <div className="flex flex-col justify-center gap-4 p-6 md:p-12">
                <p className="flex items-center gap-3 text-step--1 font-bold uppercase tracking-[0.18em]">
                  <span className="rounded-full bg-accent px-3 py-1 text-[#111111]">
                    {String(index + 1).padStart(2, '0')}
                  </span>
                  <span className="text-muted">{slide.location}</span>
                </p>
                <h3 className="text-step-3 uppercase">{slide.section}</h3>
                <p className="text-step-0 text-muted md:text-step-1 md:leading-relaxed">
                  {slide.body}
                </p>
              </div>
            </article>
          ))}
        />
      </Container>
    </section>
  );
}
