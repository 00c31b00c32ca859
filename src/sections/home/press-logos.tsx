import { Carousel } from '../../components/ui/carousel';
import { Container } from '../../components/ui/container';
import type { PressLogo } from '../../content/home';
import type { CarouselLabels } from '../../content/types';

/** Press wordmarks (spec §2.2): monochrome, in colour on hover or focus, each a link. */
export function PressLogos({
  id,
  heading,
  sampleNote,
  labels,
  logos,
}: {
  id: string;
  heading: string;
  sampleNote: string;
  labels: CarouselLabels;
  logos: readonly PressLogo[];
}) {
  const headingId = `${id}-heading`;
  return (
    <section id={id} aria-labelledby={headingId} className="scroll-mt-16 py-16 md:py-24">
      <Container>
        <div className="flex flex-wrap items-baseline justify-between gap-2 border-b-2 border-ink pb-4">
          <h2 id={headingId} className="text-step-3 uppercase">
            {heading}
          </h2>
          <p className="text-step--1 text-muted">{sampleNote}</p>
        </div>
        <Carousel
          labels={labels}
          className="mt-8"
          slideClassName="basis-1/2 md:basis-1/3 lg:basis-1/4"
          slides={logos.map((logo) => (
            <a
              key={logo.href}
              href={logo.href}
              target="_blank"
              rel="noopener noreferrer"
              className="group mx-2 flex h-24 items-center justify-center rounded-[var(--radius-card)] px-4 transition-colors hover:bg-surface"
            >
              <img
                src={logo.image.src}
                width={logo.image.width}
                height={logo.image.height}
                alt={logo.image.alt}
                loading="lazy"
                decoding="async"
                className="h-auto w-full max-w-56 opacity-75 grayscale transition duration-200 group-hover:opacity-100 group-hover:grayscale-0 group-focus-visible:opacity-100 group-focus-visible:grayscale-0"
              />
            </a>
          ))}
        />
      </Container>
    </section>
  );
}
