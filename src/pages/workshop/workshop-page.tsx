import { checkoutLink, checkoutPath } from '../../../contracts/checkout';
import { PageLayout } from '../../components/page-layout';
import type { PageProps } from '../../content/page-props';
import { pageSeats } from '../../lib/seats';
import { Faq } from '../../sections/faq';
import { Pitch } from '../../sections/pitch';
import { Testimonials } from '../../sections/testimonials';
import { Agenda } from '../../sections/workshop/agenda';
import { NextDate } from '../../sections/workshop/next-date';
import { PriceCard } from '../../sections/workshop/price-card';
import { WorkshopHero } from '../../sections/workshop/workshop-hero';

/**
 * The live workshop, in the order of the product brief §2.7. It sells the first session to come
 * that has a seat left (content/workshop.yaml `sessions`, with the seats the store knows: a full
 * first session says so above it, and "N seats left" shows by the buttons once few are left);
 * with none to sell it says so and offers a sign-up for the next date ("Sold out" over it when
 * the first to come is full), and no button leads to a checkout.
 */
export function WorkshopPage({ content, now, taken = {} }: PageProps) {
  const { workshop, site } = content;
  const seats = pageSeats(workshop.sessions, now, taken, workshop.delivery.seats);
  const session = seats.onSale;
  const checkout = session
    ? {
        // Our redirect, naming the session shown: it counts the click and goes on to its checkout.
        href: checkoutLink(checkoutPath, session.id),
        checkout: { value: session.price.amount, currency: session.price.currency },
      }
    : undefined;
  return (
    <PageLayout site={site}>
      {checkout ? (
        <WorkshopHero
          {...workshop.hero}
          cta={{ label: workshop.hero.cta, ...checkout }}
          seats={seats}
        />
      ) : (
        <NextDate {...workshop.nextDate} kicker={seats.notice ?? workshop.nextDate.kicker} />
      )}
      <Testimonials id="testimonials" {...workshop.testimonials} band="surface" />
      <Pitch
        id="problem"
        {...workshop.problem}
        cta={checkout && { label: workshop.problem.cta, location: 'workshop-problem', ...checkout }}
      />
      <Agenda id="agenda" {...workshop.agenda} />
      <Pitch
        id="paid"
        {...workshop.paid}
        cta={checkout && { label: workshop.paid.cta, location: 'workshop-paid', ...checkout }}
      />
      {session && checkout ? (
        <PriceCard
          id="price"
          heading={workshop.price.heading}
          countdown={{
            target: session.start,
            renderedAt: now,
            units: workshop.price.units,
            started: workshop.price.started,
            label: workshop.price.countdownLabel,
          }}
          benefits={workshop.price.benefits}
          priceLine={workshop.price.priceLine}
          cta={{ label: workshop.price.cta, ...checkout }}
          location="workshop-price"
          seats={seats}
        />
      ) : null}
      <Faq id="faq" {...workshop.faq} />
    </PageLayout>
  );
}

export function workshopMeta({ content }: PageProps) {
  return { ...content.workshop.meta, theme: 'premium' as const, card: content.workshop.card };
}
