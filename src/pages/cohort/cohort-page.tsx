import { PageLayout } from '../../components/page-layout';
import { ButtonLink } from '../../components/ui/button';
import { publicConfig } from '../../config';
import { hero, sections } from '../../content/cohort';
import { ContentSection } from '../../sections/content-section';
import { PageHero } from '../../sections/page-hero';

export function CohortPage() {
  return (
    <PageLayout>
      <PageHero kicker={hero.badge} headline={hero.headline} sub={hero.sub}>
        <ButtonLink href={publicConfig.links.cohortBooking} external size="lg">
          {hero.ctaLabel}
        </ButtonLink>
        <p className="font-semibold uppercase tracking-wider">{hero.slots}</p>
      </PageHero>
      {sections.map((section) => (
        <ContentSection key={section.id} section={section} />
      ))}
    </PageLayout>
  );
}
