import { PageLayout } from '../../components/page-layout';
import { ButtonLink } from '../../components/ui/button';
import { publicConfig } from '../../config';
import { hero, sections } from '../../content/book';
import { ContentSection } from '../../sections/content-section';
import { PageHero } from '../../sections/page-hero';

export function BookPage() {
  return (
    <PageLayout>
      <PageHero kicker={hero.kicker} headline={hero.headline} sub={hero.sub}>
        <ButtonLink href={publicConfig.links.bookRetailer} external size="lg">
          {hero.orderLabel}
        </ButtonLink>
      </PageHero>
      {sections.map((section) => (
        <ContentSection key={section.id} section={section} />
      ))}
    </PageLayout>
  );
}
