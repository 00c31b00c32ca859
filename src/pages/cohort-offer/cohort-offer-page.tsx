import { type CohortOfferOutcome, cohortOfferOutcomes } from '../../../contracts/routes';
import { PageLayout } from '../../components/page-layout';
import { ButtonLink } from '../../components/ui/button';
import { Container } from '../../components/ui/container';
import { PageHeading } from '../../components/ui/page-heading';
import type { PageProps, SiteContent } from '../../content/page-props';

/**
 * The cohort itself, from the offer page: the page lies beside it on each site (/offer beside
 * "/", /sellablebusiness/offer beside /sellablebusiness: contracts/route-table.ts), so one
 * relative link leads back to it on either.
 */
export const backToCohort = './';

/** The offer page's words; the page is built only while the cohort takes applications. */
function offerPageOf(cohort: SiteContent['cohort']) {
  if (!cohort.offer) {
    throw new Error('content/cohort.yaml has no `offer`: the offer page is not built');
  }
  return cohort.offer.page;
}

type OfferPageWords = ReturnType<typeof offerPageOf>;

/**
 * Where a resubmission's confirmation link lands (server/features/cohort/confirm-route.ts,
 * docs/decisions/034-selling-that-cannot-be-gamed.md): `#confirmed`, `#kept` or `#unconfirmed`,
 * sections of this page as an offer link's outcomes are.
 */
export const confirmOutcomes = ['confirmed', 'kept', 'unconfirmed'] as const;

/**
 * Where an accepted applicant's offer link and its checkout land (/offer,
 * docs/decisions/033-cohort-applications.md): "You're in" (Stripe's success page, or a link
 * already paid), or the outcome the address targets (`#expired`, `#full`, `#retry`), which takes
 * its place. Every outcome is in the HTML and CSS alone picks the one shown (`:target`), so the
 * page needs no script of its own: like the pages after the workshop's checkout, its HTML is the
 * whole page. A hidden outcome is `display: none`, so one heading, the shown one, is the page's
 * h1 to a reader and to a screen reader alike.
 */
export function CohortOfferPage({ content }: PageProps) {
  const words = offerPageOf(content.cohort);
  return (
    <PageLayout site={content.site}>
      <section className="py-14 md:py-24">
        <Container width="wide" className="flex min-h-[50dvh] flex-col justify-center">
          <div className="[&:has(>:target)>[data-enrolled]]:hidden">
            <Outcome words={words.enrolled} data-enrolled="" />
            {cohortOfferOutcomes.map((outcome) => (
              <Outcome key={outcome} id={outcome} words={words[outcome]} />
            ))}
            {confirmOutcomes.map((outcome) => {
              const said = words[outcome];
              return said ? <Outcome key={outcome} id={outcome} words={said} /> : null;
            })}
          </div>
          <div className="mt-10">
            <ButtonLink href={backToCohort} size="lg">
              {words.back}
            </ButtonLink>
          </div>
        </Container>
      </section>
    </PageLayout>
  );
}

/**
 * One outcome's words. A targeted one is the page's opening: its large scroll margin keeps the
 * browser's jump to it at the top of the page.
 */
function Outcome({
  id,
  words,
  ...data
}: {
  id?: CohortOfferOutcome | (typeof confirmOutcomes)[number];
  words: OfferPageWords['enrolled'];
  'data-enrolled'?: '';
}) {
  return (
    <div id={id} className={id ? 'hidden scroll-mt-[100vh] target:block' : undefined} {...data}>
      <PageHeading kicker={words.kicker} heading={words.heading} sub={words.text} />
    </div>
  );
}

export function cohortOfferMeta({ content }: PageProps) {
  const { cohort } = content;
  // Shared, the page speaks for the cohort, not for one applicant's outcome.
  return { ...offerPageOf(cohort).meta, theme: 'premium' as const, card: cohort.card };
}
