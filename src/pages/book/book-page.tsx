import { PageLayout } from '../../components/page-layout';
import {
  bonusClaim,
  bonuses,
  contact,
  description,
  endorsements,
  excerpt,
  exitIntent,
  faq,
  hero,
  videoMessage,
} from '../../content/book';
import { ExitIntent } from '../../islands';
import { BonusClaim } from '../../sections/book/bonus-claim';
import { Bonuses } from '../../sections/book/bonuses';
import { BookDescription } from '../../sections/book/book-description';
import { BookHero } from '../../sections/book/book-hero';
import { Excerpt } from '../../sections/book/excerpt';
import { Contact } from '../../sections/contact';
import { Faq } from '../../sections/faq';
import { Testimonials } from '../../sections/testimonials';
import { VideoMessage } from '../../sections/video-message';
import type { PageProps } from '../page-props';

/** The book landing (pre-order) page, in the order of spec §2.4 (D2, D15). */
export function BookPage({ content }: PageProps) {
  return (
    <PageLayout site={content.site}>
      <BookHero {...hero} />
      <Testimonials {...endorsements} band="surface" />
      <BookDescription {...description} />
      <Excerpt {...excerpt} />
      <BonusClaim {...bonusClaim} />
      <Bonuses {...bonuses} />
      <VideoMessage {...videoMessage} />
      <Faq {...faq} band="surface" />
      <Contact {...contact} />
      <ExitIntent {...exitIntent} />
    </PageLayout>
  );
}
