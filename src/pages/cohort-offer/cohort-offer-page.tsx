import { type CohortOfferOutcome, cohortOfferOutcomes } from '../../../contracts/routes';
import { PageLayout } from '../../components/page-layout';
import { ButtonLink } from '../../components/ui/button';
import { Container } from '../../components/ui/container';
import { PageHeading } from '../../components/ui/page-heading';
import type { PageProps, SiteContent } from '../../content/page-props';
import { Outcomes } from '../outcomes';

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
type ConfirmOutcome = (typeof confirmOutcomes)[number];
type OutcomeWords = OfferPageWords['enrolled'];

/** Words the content check requires with admission: application (contracts/content/cohort.ts). */
function required(words: OutcomeWords | undefined, name: string): OutcomeWords {
  if (!words) throw new Error(`content/cohort.yaml has no \`offer.page.${name}\``);
  return words;
}

/**
 * Where an accepted applicant's offer link and its checkout land (/offer,
 * docs/decisions/033-cohort-applications.md, and 034-selling-that-cannot-be-gamed.md): what the
 * page says to anyone (`unknown`); the outcome the address targets (`#expired`, `#full`,
 * `#retry`, `#invalid`), where the link's redirect sends it; or "You're in" and "waiting for your
 * payment", only where the server found the payment of the checkout the address names
 * (`?checkout=cs_…`) and said so in the document it served. Like the pages after the workshop's
 * checkout, its HTML is the whole page: no script of its own (src/pages/outcomes.tsx).
 */
export function CohortOfferPage({ content }: PageProps) {
  const words = offerPageOf(content.cohort);
  return (
    <PageLayout site={content.site}>
      <section className="py-14 md:py-24">
        <Container width="wide" className="flex min-h-[50dvh] flex-col justify-center">
          <Outcomes
            unproven={<Said words={required(words.unknown, 'unknown')} />}
            proven={{
              paid: <Said words={words.enrolled} />,
              pending: <Said words={required(words.pending, 'pending')} />,
            }}
            targeted={[...cohortOfferOutcomes, ...confirmOutcomes].map(
              (outcome: CohortOfferOutcome | ConfirmOutcome) => ({
                id: outcome,
                children: <Said words={required(words[outcome], outcome)} />,
              }),
            )}
          />
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

/** One outcome's words: its kicker, its heading (the page's h1 while shown) and its text. */
function Said({ words }: { words: OutcomeWords }) {
  return <PageHeading kicker={words.kicker} heading={words.heading} sub={words.text} />;
}

export function cohortOfferMeta({ content }: PageProps) {
  const { cohort } = content;
  // Shared, the page speaks for the cohort, not for one applicant's outcome.
  return { ...offerPageOf(cohort).meta, theme: 'premium' as const, card: cohort.card };
}
