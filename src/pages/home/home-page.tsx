import { PageLayout } from '../../components/page-layout';
import { SiteHeader } from '../../components/site-header';
import { Container } from '../../components/ui/container';
import { bookSection, hero, nav, sections } from '../../content/home';
import { ContentSection } from '../../sections/content-section';
import { PageHero } from '../../sections/page-hero';

export function HomePage() {
  return (
    <PageLayout header={<SiteHeader brand={hero.name} links={nav.links} label={nav.label} />}>
      <PageHero kicker={hero.tagline} headline={hero.name}>
        <a
          href={`#${bookSection.id}`}
          className="text-step--1 font-semibold uppercase tracking-widest"
        >
          {hero.scrollCue} ↓
        </a>
      </PageHero>
      <section
        id={bookSection.id}
        aria-labelledby="book-heading"
        className="scroll-mt-20 bg-ink py-16 text-paper md:py-28"
      >
        <Container>
          <p className="text-step--1 font-semibold uppercase tracking-widest text-accent">
            {bookSection.kicker}
          </p>
          <h2 id="book-heading" className="mt-3 text-step-4">
            {bookSection.title}
          </h2>
          <p className="mt-5 max-w-xl text-step-1 opacity-85">{bookSection.subLine}</p>
          <p className="mt-4 text-step--1 opacity-70">{bookSection.trustLine}</p>
        </Container>
      </section>
      {sections.map((section) => (
        <ContentSection key={section.id} section={section} />
      ))}
    </PageLayout>
  );
}
