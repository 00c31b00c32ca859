import { PageLayout } from '../../components/page-layout';
import { banner, hero } from '../../content/waitlist';
import { SpacesBanner } from '../../islands';
import { WaitlistHero } from '../../sections/waitlist/waitlist-hero';
import type { PageProps } from '../page-props';

/** The waitlist page (spec §2.3, D1, D4, D11): the spaces banner and the sign-up. */
export function WaitlistPage({ content }: PageProps) {
  return (
    <PageLayout site={content.site} header={<SpacesBanner {...banner} />}>
      <WaitlistHero {...hero} />
    </PageLayout>
  );
}
