import { BookCover } from '../../components/book-cover';
import { ButtonLink } from '../../components/ui/button';
import { Section, SectionHeading } from '../../components/ui/section';
import { TrustLine } from '../../components/ui/trust-line';
import type { SiteContent } from '../../content/page-props';
import type { ImageAsset, SignUpFormContent } from '../../content/types';
import { SignUpForm } from '../../islands';
import type { CtaLocation } from '../../lib/tracking';

type BookWords = SiteContent['home']['book'];

export interface BookWaitlistProps {
  id: string;
  cover: ImageAsset;
  /**
   * Before release day the waitlist sign-up; from it a button to the book's own site (where it
   * is ordered, with its bonuses).
   */
  release:
    | { state: 'before'; words: BookWords['beforeRelease']; form: SignUpFormContent }
    | {
        state: 'after';
        words: Pick<BookWords['afterRelease'], 'kicker' | 'heading' | 'sub' | 'order'>;
        orderHref: string;
        /** Where its button is, for the reports (the home page's book section by default). */
        location?: CtaLocation;
      };
}

/** The book section (product brief §2.2, §4): the cover beside the waitlist sign-up. */
export function BookWaitlist({ id, cover, release }: BookWaitlistProps) {
  const { kicker, heading, sub } = release.words;
  return (
    <Section
      id={id}
      band="dark"
      className="overflow-hidden"
      containerClassName="grid items-center gap-12 md:grid-cols-12"
    >
      <BookCover
        image={cover}
        className="mx-auto w-3/5 max-w-xs md:col-span-5 md:w-full md:max-w-sm"
      />
      <div className="md:col-span-7 md:pl-6">
        <SectionHeading kicker={kicker} heading={heading} size="xl" />
        <p className="mt-5 max-w-xl text-step-1 leading-snug text-ink/85">{sub}</p>
        {release.state === 'before' ? (
          <>
            <SignUpForm
              {...release.form}
              list="waitlist"
              successDisplay="replace"
              onSuccess={{ kind: 'remember-waitlist-join' }}
              className="mt-8 max-w-xl"
            />
            <TrustLine text={release.words.trustLine} tone="strong" />
          </>
        ) : (
          <ButtonLink
            href={release.orderHref}
            size="lg"
            track={{ location: release.location ?? 'home-book' }}
            className="mt-8"
          >
            {release.words.order}
          </ButtonLink>
        )}
      </div>
    </Section>
  );
}
