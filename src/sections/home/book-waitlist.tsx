import { BookCover } from '../../components/book-cover';
import { Section, SectionHeading } from '../../components/ui/section';
import { TrustLine } from '../../components/ui/trust-line';
import type { ImageAsset, SignUpFormContent } from '../../content/types';
import { SignUpForm } from '../../islands';

export interface BookWaitlistProps {
  id: string;
  kicker: string;
  heading: string;
  sub: string;
  trustLine: string;
  cover: ImageAsset;
  form: SignUpFormContent;
}

/** The book section (spec §2.2, §4): the cover beside the waitlist sign-up. */
export function BookWaitlist({
  id,
  kicker,
  heading,
  sub,
  trustLine,
  cover,
  form,
}: BookWaitlistProps) {
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
        <SignUpForm
          {...form}
          list="waitlist"
          successDisplay="replace"
          onSuccess={{ kind: 'remember-waitlist-join' }}
          className="mt-8 max-w-xl"
        />
        <TrustLine text={trustLine} tone="strong" />
      </div>
    </Section>
  );
}
