import { checkoutPath } from '../../../contracts/checkout';
import { PageLayout } from '../../components/page-layout';
import type { PageProps } from '../../content/page-props';
import { nextSession } from '../../lib/facts';
import { Faq } from '../../sections/faq';
import { Pitch } from '../../sections/pitch';
import { Testimonials } from '../../sections/testimonials';
import { Agenda } from '../../sections/workshop/agenda';
import { NextDate } from '../../sections/workshop/next-date';
import { PriceCard } from '../../sections/workshop/price-card';
import { WorkshopHero } from '../../sections/workshop/workshop-hero';

/**
 * The live workshop, in the order of the product brief §2.7. It sells the next session to come
 * (content/workshop.yaml `sessions`); with none to come it says so and offers a sign-up for the
 * next date, and no button leads to a checkout.
 */
export function WorkshopPage({ content, now }: PageProps) {
  const { workshop, site } = content;
  const session = nextSession(workshop.sessions, now);
  const checkout = session
    ? {
        // Our redirect: it counts the click and goes on to this session's Stripe checkout.
        href: checkoutPath,
        checkout: { value: session.price.amount, currency: session.price.currency },
      }
    : undefined;
  return (
    <PageLayout site={site}>
      {checkout ? (
        <WorkshopHero {...workshop.hero} cta={{ label: workshop.hero.cta, ...checkout }} />
      ) : (
        <NextDate {...workshop.nextDate} />
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
        />
      ) : null}
      <Faq id="faq" {...workshop.faq} />
    </PageLayout>
  );
}

export function workshopMeta({ content }: PageProps) {
  return { ...content.workshop.meta, theme: 'premium' as const, card: content.workshop.card };
}
