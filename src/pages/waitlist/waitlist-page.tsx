import { PageLayout } from '../../components/page-layout';
import { Container } from '../../components/ui/container';
import { banner, hero } from '../../content/waitlist';
import { PageHero } from '../../sections/page-hero';

export function WaitlistPage() {
  return (
    <PageLayout
      header={
        <div className="sticky top-0 z-30 bg-ink py-3 text-center text-paper">
          <Container>
            <p className="text-step--1 font-semibold uppercase tracking-wider">
              {banner.lead} · <span className="text-accent">{banner.endsLabel}</span>
            </p>
          </Container>
        </div>
      }
    >
      <PageHero headline={hero.headline} sub={hero.sub} />
    </PageLayout>
  );
}
