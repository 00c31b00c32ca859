import type { SiteContent } from '../../content/page-props';
import { Carousel } from '../ui/carousel';
import { Image } from '../ui/image';
import { StaticHtml } from '../ui/static-html';

/** The timeline's slides in the one carousel (an island: it rotates and answers keys). */
export function TimelineCarousel({
  labels,
  slides,
  autoplay,
}: {
  labels: SiteContent['home']['timeline']['labels'];
  slides: SiteContent['home']['timeline']['slides'];
  autoplay: { minMs: number; maxMs: number };
}) {
  return (
    <Carousel
      labels={labels}
      autoplay={autoplay}
      className="mt-10"
      slideClassName="basis-full pr-4 md:pr-6"
      slides={slides.map((slide, index) => (
        <StaticHtml key={slide.section} className="h-full">
          <article className="grid h-full overflow-hidden rounded-card bg-paper shadow-[var(--shadow-card)] ring-1 ring-ink/10 md:grid-cols-2">
            <Image image={slide.image} className="aspect-[4/3] h-auto w-full object-cover" />
            <div className="flex flex-col justify-center gap-4 p-6 md:p-12">
              <p className="flex items-center gap-3 text-step--1 font-bold uppercase tracking-[0.18em]">
                <span className="rounded-full bg-accent px-3 py-1 text-on-accent">
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
        </StaticHtml>
      ))}
    />
  );
}
