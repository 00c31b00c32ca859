import { PageLayout } from '../../components/page-layout';
import { hero } from '../../content/thank-you';
import { PageHero } from '../../sections/page-hero';

export function ThankYouPage() {
  return (
    <PageLayout>
      <PageHero headline={hero.headline} sub={hero.ps} />
    </PageLayout>
  );
}
