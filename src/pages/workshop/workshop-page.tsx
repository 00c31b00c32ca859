import { PageLayout } from '../../components/page-layout';
import { agenda, faq, hero, paid, priceCard, problem, testimonials } from '../../content/workshop';
import { Faq } from '../../sections/faq';
import { Pitch } from '../../sections/pitch';
import { Testimonials } from '../../sections/testimonials';
import { Agenda } from '../../sections/workshop/agenda';
import { PriceCard } from '../../sections/workshop/price-card';
import { WorkshopHero } from '../../sections/workshop/workshop-hero';

/** The £49 live workshop, in the order of spec §2.7. */
export function WorkshopPage() {
  return (
    <PageLayout>
      <WorkshopHero {...hero} />
      <Testimonials {...testimonials} band="surface" />
      <Pitch {...problem} />
      <Agenda {...agenda} />
      <Pitch {...paid} />
      <PriceCard {...priceCard} />
      <Faq {...faq} />
    </PageLayout>
  );
}
