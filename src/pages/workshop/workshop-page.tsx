import { PageLayout } from '../../components/page-layout';
import { ButtonLink } from '../../components/ui/button';
import { publicConfig } from '../../config';
import { hero, sections } from '../../content/workshop';
import { ContentSection } from '../../sections/content-section';
import { PageHero } from '../../sections/page-hero';

export function WorkshopPage() {
  return (
    <PageLayout>
      <PageHero kicker={hero.eyebrow} headline={hero.headline} sub={hero.sub}>
        <ButtonLink href={publicConfig.links.workshopCheckout} external size="lg">
          {hero.ctaLabel}
        </ButtonLink>
      </PageHero>
      {sections.map((section) => (
        <ContentSection key={section.id} section={section} />
      ))}
    </PageLayout>
  );
}
