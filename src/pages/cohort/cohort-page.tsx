import { PageLayout } from '../../components/page-layout';
import {
  deliverables,
  details,
  faq,
  firstQuote,
  fit,
  hero,
  pain,
  pitchToExperts,
  ready,
  secondQuotes,
  shift,
  story,
  testimonials,
  thirdQuotes,
  weeks,
} from '../../content/cohort';
import { CardGrid } from '../../sections/cohort/card-grid';
import { CohortHero } from '../../sections/cohort/cohort-hero';
import { Details } from '../../sections/cohort/details';
import { Fit } from '../../sections/cohort/fit';
import { ShiftTable } from '../../sections/cohort/shift-table';
import { Weeks } from '../../sections/cohort/weeks';
import { Faq } from '../../sections/faq';
import { Pitch } from '../../sections/pitch';
import { Quotes } from '../../sections/quotes';
import { Testimonials } from '../../sections/testimonials';
import type { PageProps } from '../page-props';

/** "Escape the 7-Figure Prison", the fifteen sections of spec §2.8 in order. */
export function CohortPage({ content }: PageProps) {
  return (
    <PageLayout site={content.site}>
      <CohortHero {...hero} />
      <Quotes items={firstQuote} />
      <Pitch {...story} />
      <Quotes items={secondQuotes} />
      <Pitch {...pain} band="surface" />
      <ShiftTable {...shift} />
      <Pitch {...pitchToExperts} />
      <Quotes items={thirdQuotes} />
      <Weeks {...weeks} />
      <CardGrid {...deliverables} />
      <Fit {...fit} />
      <Details {...details} />
      <Testimonials {...testimonials} />
      <Pitch {...ready} band="surface" />
      <Faq {...faq} />
    </PageLayout>
  );
}
