import { PageLayout } from '../../components/page-layout';
import { hero } from '../../content/handbook';
import { PageHero } from '../../sections/page-hero';

export function HandbookPage() {
  return (
    <PageLayout>
      <PageHero headline={hero.headline} sub={hero.sub}>
        <p className="text-step--1 text-muted">{hero.trustLine}</p>
      </PageHero>
    </PageLayout>
  );
}
