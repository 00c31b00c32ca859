import { cohortApplyLink } from '../../../contracts/routes';
import { PageLayout } from '../../components/page-layout';
import type { ActionCta } from '../../components/tracked';
import type { PageProps } from '../../content/page-props';
import { applicationsAt } from '../../lib/cohort-seats';
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

/**
 * "Escape the 7-Figure Prison", the fifteen sections of the product brief §2.8 in order, from
 * content/cohort.yaml. While an intake takes applications the hero names its seats left and dates;
 * once none does, it says applications will open (`intake.closed`). Every call button opens the
 * one booking page either way (D18), or, while the cohort takes applications on the site
 * (`admission: application`) and an intake is open, says the application's `apply` and opens its
 * page (docs/decisions/033-cohort-applications.md). Once every seat of that intake is taken (the
 * seats the store knows), the hero says `application.full` in the seats' place and the buttons
 * say `application.waitlist`: the application page still takes applications, for the waitlist.
 */
export function CohortPage({ content, now, taken }: PageProps) {
  const { cohort, site } = content;
  const { open, full } = applicationsAt(cohort.intakes, now, taken);
  const intake = {
    label: cohort.intake.label,
    text: open ? cohort.intake.open : cohort.intake.closed,
  };
  const application = cohort.admission === 'application' && open ? cohort.application : undefined;
  // While no intake takes applications, the buttons offer the call, as `intake.closed` says.
  const call = (label: string): ActionCta =>
    application
      ? {
          label: full ? application.waitlist : application.apply,
          href: cohortApplyLink,
          sameSite: true,
        }
      : { label, href: cohort.booking };
  const seats = !open
    ? null
    : application && full
      ? { text: application.full, full: true }
      : { text: cohort.hero.slots, full: false };
  // The schema checks that every quoted name is one of the testimonials.
  const quoted = (names: readonly string[]) =>
    names.flatMap((name) => cohort.testimonials.items.filter((item) => item.name === name));
  return (
    <PageLayout site={site}>
      <CohortHero {...cohort.hero} seats={seats} intake={intake} cta={call(cohort.hero.cta)} />
      <Quotes items={quoted(cohort.quotes.afterHero)} />
      <Pitch
        id="story"
        {...cohort.story}
        cta={{ ...call(cohort.story.cta), location: 'cohort-story' }}
      />
      <Quotes items={quoted(cohort.quotes.afterStory)} />
      <Pitch
        id="pain"
        {...cohort.pain}
        cta={{ ...call(cohort.pain.cta), location: 'cohort-pain' }}
        band="surface"
      />
      <ShiftTable id="shift" {...cohort.shift} />
      <Pitch id="pitch" {...cohort.expertPitch} />
      <Quotes items={quoted(cohort.quotes.afterPitch)} />
      <Weeks id="how" {...cohort.weeks} />
      <CardGrid id="deliverables" {...cohort.deliverables} />
      <Fit id="fit" {...cohort.fit} />
      <Details
        id="details"
        heading={cohort.details.heading}
        items={[{ term: intake.label, value: intake.text }, ...cohort.details.items]}
        cta={call(cohort.details.cta)}
      />
      <Testimonials id="testimonials" {...cohort.testimonials} />
      <Pitch
        id="ready"
        {...cohort.ready}
        cta={{ ...call(cohort.ready.cta), location: 'cohort-ready' }}
        band="surface"
      />
      <Faq id="faq" {...cohort.faq} />
    </PageLayout>
  );
}

export function cohortMeta({ content }: PageProps) {
  return { ...content.cohort.meta, theme: 'premium' as const, card: content.cohort.card };
}
