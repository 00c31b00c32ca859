import type { ImageAsset } from '../../../contracts/content/fields';
import { BookCover } from '../../components/book-cover';
import { ButtonLink } from '../../components/ui/button';
import { Container } from '../../components/ui/container';

interface Link {
  label: string;
  href: string;
}

export interface BookHeroProps {
  kicker: string;
  heading: string;
  sub: string;
  author: string;
  cover: ImageAsset;
  order: Link;
  bonusesLink: Link;
}

/** The book page's opening (product brief §2.4 item 1): the cover, the title and the order buttons. */
export function BookHero({
  kicker,
  heading,
  sub,
  author,
  cover,
  order,
  bonusesLink,
}: BookHeroProps) {
  return (
    <section className="overflow-hidden pt-10 pb-16 md:pt-16 md:pb-24">
      <Container className="grid items-center gap-12 md:grid-cols-12">
        <div className="md:col-span-7">
          <p className="mb-5 inline-block rounded-full bg-accent px-4 py-1 text-step--1 font-semibold uppercase tracking-wider text-on-accent">
            {kicker}
          </p>
          <h1 className="text-step-6 leading-[0.9] uppercase">{heading}</h1>
          <p className="mt-3 text-step-1 font-semibold text-muted">{author}</p>
          <p className="mt-6 max-w-xl text-step-1 leading-snug">{sub}</p>
          <div className="mt-10 flex flex-wrap items-center gap-4">
            <ButtonLink href={order.href} external size="lg" track={{ location: 'book-hero' }}>
              {order.label}
            </ButtonLink>
            <ButtonLink
              href={bonusesLink.href}
              variant="secondary"
              size="lg"
              track={{ location: 'book-hero' }}
            >
              {bonusesLink.label}
            </ButtonLink>
          </div>
        </div>
        <BookCover
          image={cover}
          priority
          tilt="right"
          className="mx-auto w-3/5 max-w-xs md:col-span-5 md:w-full md:max-w-sm"
        />
      </Container>
    </section>
  );
}
