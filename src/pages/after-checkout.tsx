import type { ReactNode } from 'react';
import { checkoutPath } from '../../contracts/checkout';
import { PageLayout } from '../components/page-layout';
import { ButtonLink } from '../components/ui/button';
import { Container } from '../components/ui/container';
import { PageHeading } from '../components/ui/page-heading';
import type { PageProps } from '../content/page-props';
import { Outcomes } from './outcomes';

/** The workshop's words for each page after its checkout (content/workshop.yaml `delivery`). */
type AfterCheckout = 'booked' | 'soldOutPage' | 'retry';

/**
 * The workshop itself, from a page after its checkout: these pages lie under its path on each
 * site (/cohort/booked, /assetworkshop/booked: contracts/route-table.ts), so one relative link
 * leads back to it on the site the visitor bought on.
 */
export const backToWorkshop = './';

/**
 * The three pages after the workshop's checkout (docs/decisions/032-workshop-delivered.md):
 * "You're in" (Stripe's `success_url`), "sold out" and "try again" (the redirect's answers when
 * no seat could be held or no checkout opened). Each says what happened in the workshop's own
 * words and leads back to it; "try again" also to the checkout once more. The first says "You're
 * in" only where the server proved the payment of the checkout its address names
 * (docs/decisions/034-selling-that-cannot-be-gamed.md); opened any other way, its own words,
 * which claim no booking. Nothing on them moves, so no island: their HTML is the whole page,
 * with the same start-up script as a legal page's. One definition serves the registry for all
 * three, as legalPage does for the legal pages.
 */
export function afterCheckoutPage(name: AfterCheckout) {
  return {
    // biome-ignore lint/correctness/noComponentHookFactories: called once per page when the registry module loads, never while rendering, so each page keeps one stable component.
    Component: ({ content }: PageProps) => {
      const words = content.workshop.delivery[name];
      const again = 'again' in words ? words.again : null;
      const heading = (
        <PageHeading kicker={words.kicker} heading={words.heading} sub={words.text} />
      );
      return (
        <PageLayout site={content.site}>
          <section className="py-14 md:py-24">
            <Container width="wide" className="flex min-h-[50dvh] flex-col justify-center">
              {'paid' in words ? <BookedOutcomes words={words} anyone={heading} /> : heading}
              <div className="mt-10 flex flex-wrap items-center gap-4">
                {again ? (
                  <ButtonLink href={checkoutPath} size="lg">
                    {again}
                  </ButtonLink>
                ) : null}
                <ButtonLink
                  href={backToWorkshop}
                  size="lg"
                  // One primary call to action on the screen: "Try again" where there is one.
                  variant={again ? 'secondary' : 'primary'}
                >
                  {words.back}
                </ButtonLink>
              </div>
            </Container>
          </section>
        </PageLayout>
      );
    },
    meta: ({ content }: PageProps) => {
      const words = content.workshop.delivery[name];
      return {
        ...words.meta,
        theme: 'premium' as const,
        // Its kicker and heading are also its share card's words.
        card: { kicker: words.kicker, headline: words.heading },
      };
    },
  };
}

type BookedWords = PageProps['content']['workshop']['delivery']['booked'];

/** The "You're in" page's outcomes: its words to anyone, or a payment the server proved. */
function BookedOutcomes({ words, anyone }: { words: BookedWords; anyone: ReactNode }) {
  const { paid, pending } = words;
  if (!paid || !pending) {
    throw new Error('content/workshop.yaml has no `delivery.booked.paid` or `.pending`');
  }
  return (
    <Outcomes
      unproven={anyone}
      proven={{
        paid: <PageHeading kicker={paid.kicker} heading={paid.heading} sub={paid.text} />,
        pending: (
          <PageHeading kicker={pending.kicker} heading={pending.heading} sub={pending.text} />
        ),
      }}
    />
  );
}
