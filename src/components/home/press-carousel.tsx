import type { SiteContent } from '../../content/page-props';
import { Carousel } from '../ui/carousel';
import { Image } from '../ui/image';
import { StaticHtml } from '../ui/static-html';

/** Press wordmarks in the one carousel (an island): monochrome, in colour on hover or focus. */
export function PressCarousel({
  labels,
  logos,
}: {
  labels: SiteContent['home']['press']['labels'];
  logos: SiteContent['home']['press']['logos'];
}) {
  return (
    <Carousel
      labels={labels}
      className="mt-8"
      slideClassName="basis-1/2 md:basis-1/3 lg:basis-1/4"
      slides={logos.map((logo) => (
        <StaticHtml key={logo.href}>
          <a
            href={logo.href}
            target="_blank"
            rel="noopener noreferrer"
            className="group mx-2 flex h-24 items-center justify-center rounded-card px-4 transition-colors hover:bg-surface"
          >
            <Image
              image={logo.image}
              className="h-auto w-full max-w-56 opacity-75 grayscale transition duration-200 group-hover:opacity-100 group-hover:grayscale-0 group-focus-visible:opacity-100 group-focus-visible:grayscale-0"
            />
          </a>
        </StaticHtml>
      ))}
    />
  );
}
