import { PageLayout } from '../../components/page-layout';
import { TrackedLink } from '../../components/tracked';
import { buttonVariants } from '../../components/ui/button';
import { Container } from '../../components/ui/container';
import { PageHeading } from '../../components/ui/page-heading';
import { hero, share, teaser } from '../../content/thank-you';
import { ShareBonus, Teaser } from '../../islands';
import type { PageProps } from '../page-props';

/** The thank-you / bonus page (spec §2.5, D10). */
export function ThankYouPage({ content }: PageProps) {
  return (
    <PageLayout site={content.site}>
      <section className="py-14 md:py-24">
        <Container width="text">
          <PageHeading kicker={hero.kicker} heading={hero.heading} sub={hero.sub} />
          <div className="mt-10 flex flex-wrap items-center gap-4">
            {/* A plain link with `download`: it works before, and without, JavaScript. */}
            <TrackedLink
              href={hero.download.href}
              download
              location="thank-you"
              className={buttonVariants({ size: 'lg' })}
            >
              {hero.download.label}
            </TrackedLink>
            <Teaser {...teaser} />
          </div>
        </Container>
      </section>
      <ShareBonus {...share} />
    </PageLayout>
  );
}
