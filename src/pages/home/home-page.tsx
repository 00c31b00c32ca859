import { latestPosts } from '../../../contracts/writing';
import { PageLayout } from '../../components/page-layout';
import { TopBanner } from '../../components/top-banner';
import { publicConfig } from '../../config';
import type { PageProps } from '../../content/page-props';
import { SiteHeader } from '../../islands';
import { dayHasCome } from '../../lib/facts';
import { socialLinksOf } from '../../lib/social-links';
import { videoBox } from '../../lib/video';
import { Contact } from '../../sections/contact';
import { BookWaitlist } from '../../sections/home/book-waitlist';
import { HomeHero } from '../../sections/home/home-hero';
import { Intro } from '../../sections/home/intro';
import { LatestWriting } from '../../sections/home/latest-writing';
import { PressLogos } from '../../sections/home/press-logos';
import { Speaking } from '../../sections/home/speaking';
import { Timeline } from '../../sections/home/timeline';
import { WorkWithMe } from '../../sections/home/work-with-me';
import { NewsletterSignUp } from '../../sections/newsletter-sign-up';

/**
 * The page's sections that its header, hero and banner link to, by their keys in the header's
 * links (content/home.yaml; `newsletter` is the newsletter sign-up).
 */
const anchors = {
  book: 'book',
  newsletter: 'newsletter',
  speaking: 'speaking',
  contact: 'contact',
};

/**
 * The home page, in the order of the product brief §2.2 (product decision D12 between the press
 * logos and the newsletter sign-up). Its book section sells the waitlist before the book's release day
 * (content/site.yaml book.releaseDate) and the book from it.
 */
export function HomePage({ content, now }: PageProps) {
  const { site, home, writing } = content;
  const released = dayHasCome(site.book.releaseDate, now);
  const latest = latestPosts(content.posts, now); // rendered again at each post's time
  const { forms } = site;
  return (
    <PageLayout
      site={site}
      menu={{ current: '/' }}
      header={
        <>
          <TopBanner
            label={home.topBanner.label}
            text={home.topBanner.text}
            link={{ label: home.topBanner.link, href: `#${anchors.newsletter}` }}
          />
          <SiteHeader
            content={{
              ...home.header,
              brand: site.founder.name,
              links: (Object.keys(anchors) as Array<keyof typeof anchors>).map((section) => ({
                label: home.header.links[section],
                href: `#${anchors[section]}`,
              })),
              // The owner's menu after the page's sections (docs/decisions/026-owner-pages.md).
              menu: {
                items: site.navigation.primary,
                externalHint: site.navigation.externalHint,
              },
            }}
            socials={socialLinksOf(site)}
          />
        </>
      }
    >
      <HomeHero
        name={site.founder.name}
        tagline={site.founder.tagline}
        sub={home.hero.sub}
        cta={{
          label: released ? home.book.afterRelease.heroCta : home.book.beforeRelease.heroCta,
          href: `#${anchors.book}`,
        }}
        scrollCue={home.hero.scrollCue}
        scrollTarget={`#${anchors.book}`}
        video={videoBox(home.hero.video, publicConfig.videos.hero, site)}
      />
      <BookWaitlist
        id={anchors.book}
        cover={site.book.cover}
        release={
          released
            ? {
                state: 'after',
                words: home.book.afterRelease,
                orderHref: publicConfig.origins.book,
              }
            : {
                state: 'before',
                words: home.book.beforeRelease,
                form: {
                  id: 'waitlist-form',
                  emailLabel: forms.emailLabel,
                  emailPlaceholder: forms.emailPlaceholder,
                  copy: { ...forms.signUp, submit: home.book.beforeRelease.submit },
                  bonusLink: {
                    label: forms.bonusLink,
                    href: `${publicConfig.origins.main}/thank-you?code={code}`,
                  },
                },
              }
        }
      />
      <Intro id="intro" {...home.intro} />
      <Timeline id="timeline" {...home.timeline} />
      <Speaking
        id={anchors.speaking}
        {...home.speaking}
        cta={{ label: home.speaking.cta, href: `#${anchors.contact}` }}
        video={videoBox(home.speaking.video, publicConfig.videos.speaking, site)}
      />
      <PressLogos id="press" {...home.press} />
      <WorkWithMe id="work-with-me" {...home.workWithMe} />
      <LatestWriting id="writing" {...home.latestWriting} writing={writing} posts={latest} />
      <NewsletterSignUp
        id={anchors.newsletter}
        {...home.newsletter}
        archive={{ label: writing.words.archive, href: writing.path }}
        list="newsletter"
        form={{
          id: 'newsletter-form',
          emailLabel: forms.emailLabel,
          emailPlaceholder: forms.emailPlaceholder,
          copy: home.newsletter.copy,
        }}
      />
      <Contact id={anchors.contact} {...home.contact} />
    </PageLayout>
  );
}

export function homeMeta({ content }: PageProps) {
  return { ...content.home.meta, theme: 'main' as const, card: content.home.card };
}
