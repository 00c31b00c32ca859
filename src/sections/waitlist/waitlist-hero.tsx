import type { ComponentProps } from 'react';
import type { ImageAsset } from '../../../contracts/content/fields';
import { BookCover } from '../../components/book-cover';
import { Container } from '../../components/ui/container';
import { PageHeading } from '../../components/ui/page-heading';
import { TrustLine } from '../../components/ui/trust-line';
import { SignUpForm } from '../../islands';

export interface WaitlistHeroProps {
  kicker: string;
  cover: ImageAsset;
  heading: string;
  sub: string;
  trustLine: string;
  form: Omit<ComponentProps<typeof SignUpForm>, 'list' | 'successDisplay'>;
}

/** "You're almost in" and the waitlist sign-up (product brief §2.3): first name optional, email required. */
export function WaitlistHero({ kicker, cover, heading, sub, trustLine, form }: WaitlistHeroProps) {
  return (
    <section className="py-12 md:py-20">
      <Container className="grid items-center gap-10 md:grid-cols-12 md:gap-14">
        <div className="md:col-span-7 md:order-2">
          <PageHeading kicker={kicker} heading={heading} sub={sub} size="2xl" />
          <div className="mt-8 max-w-xl rounded-card bg-surface p-6 shadow-[var(--shadow-card)] md:p-8">
            <SignUpForm {...form} list="waitlist" successDisplay="replace" />
            <TrustLine text={trustLine} />
          </div>
        </div>
        <BookCover
          image={cover}
          className="mx-auto hidden w-full max-w-sm md:order-1 md:col-span-5 md:block"
        />
      </Container>
    </section>
  );
}
