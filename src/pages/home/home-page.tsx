import { PageLayout } from '../../components/page-layout';
import { TopBanner } from '../../components/top-banner';
import {
  bookSection,
  contact,
  header,
  hero,
  intro,
  newsletter,
  press,
  speaking,
  timeline,
  topBanner,
  workWithMe,
} from '../../content/home';
import { socialLinks } from '../../content/site';
import { SiteHeader } from '../../islands';
import { Contact } from '../../sections/contact';
import { BookWaitlist } from '../../sections/home/book-waitlist';
import { HomeHero } from '../../sections/home/home-hero';
import { Intro } from '../../sections/home/intro';
import { PressLogos } from '../../sections/home/press-logos';
import { Speaking } from '../../sections/home/speaking';
import { Timeline } from '../../sections/home/timeline';
import { WorkWithMe } from '../../sections/home/work-with-me';
import { Newsletter } from '../../sections/newsletter';
import type { PageProps } from '../page-props';

/** The home page, in the order of spec §2.2 (D12 between the press logos and the newsletter). */
export function HomePage({ content }: PageProps) {
  return (
    <PageLayout
      site={content.site}
      header={
        <>
          <TopBanner {...topBanner} />
          <SiteHeader content={header} socials={socialLinks} />
        </>
      }
    >
      <HomeHero {...hero} />
      <BookWaitlist {...bookSection} />
      <Intro {...intro} />
      <Timeline {...timeline} />
      <Speaking {...speaking} />
      <PressLogos {...press} />
      <WorkWithMe {...workWithMe} />
      <Newsletter {...newsletter} />
      <Contact {...contact} />
    </PageLayout>
  );
}
