import { PageLayout } from '../../components/page-layout';
import { publicConfig } from '../../config';
import type { PageProps } from '../../content/page-props';
import { ExitIntent } from '../../islands';
import { fillTemplate } from '../../lib/template';
import { videoBox } from '../../lib/video';
import { BonusClaim } from '../../sections/book/bonus-claim';
import { Bonuses } from '../../sections/book/bonuses';
import { BookDescription } from '../../sections/book/book-description';
import { BookHero } from '../../sections/book/book-hero';
import { Excerpt } from '../../sections/book/excerpt';
import { Contact } from '../../sections/contact';
import { Faq } from '../../sections/faq';
import { Testimonials } from '../../sections/testimonials';
import { VideoMessage } from '../../sections/video-message';
import { bookFaq, releaseCopy } from './book-copy';

/**
 * The book page, in the order of the product brief §2.4 (product decisions D2, D15). Before
 * release day it sells a pre-order, from it the book (content/book.yaml `preOrder`, `outNow`);
 * the retailer, community and video links are configuration.
 */
export function BookPage({ content, now }: PageProps) {
  const { site, book } = content;
  const release = releaseCopy(content, now);
  const retailer = publicConfig.links.bookRetailer;
  const { emailStep, mailbox, receiptBody } = book.claim;
  const receipt = `mailto:${mailbox}?subject=${encodeURIComponent(release.claim.receiptSubject)}&body=${encodeURIComponent(receiptBody)}`;
  return (
    <PageLayout site={site}>
      <BookHero
        kicker={release.badge}
        heading={book.hero.heading}
        sub={release.sub}
        author={book.hero.author}
        cover={site.book.cover}
        order={{ label: release.order, href: retailer }}
        bonusesLink={{ label: book.hero.bonusesLink, href: '#bonuses' }}
      />
      <Testimonials id="endorsements" {...book.endorsements} band="surface" />
      <BookDescription id="inside" {...book.description} />
      <Excerpt id="excerpt" {...book.excerpt} />
      <BonusClaim
        id="claim"
        kicker={release.claim.kicker}
        heading={release.claim.heading}
        steps={[
          {
            ...release.claim.orderStep,
            link: { label: release.order, href: retailer, external: true },
          },
          {
            title: emailStep.title,
            body: fillTemplate(emailStep.body, { mailbox }),
            link: { label: emailStep.button, href: receipt },
          },
        ]}
      />
      <Bonuses id="bonuses" {...release.bonuses} {...book.bonuses} />
      <VideoMessage
        id="message"
        {...book.videoMessage}
        video={videoBox(book.videoMessage.video, publicConfig.videos.teaser, content.site)}
      />
      <Faq
        id="faq"
        kicker={book.faq.kicker}
        heading={book.faq.heading}
        items={bookFaq(content, now)}
        band="surface"
      />
      <Contact id="contact" {...book.contact} />
      <ExitIntent
        {...book.exitIntent}
        join={{ label: book.exitIntent.join, href: publicConfig.links.communityInvite }}
      />
    </PageLayout>
  );
}

export function bookMeta({ content, now }: PageProps) {
  const { meta, card } = releaseCopy(content, now);
  return { ...meta, theme: 'main' as const, card };
}
