import type { ActionCta } from '../../components/tracked';
import { ButtonLink } from '../../components/ui/button';
import { Container } from '../../components/ui/container';
import { PageHeading } from '../../components/ui/page-heading';

export interface WorkshopHeroProps {
  kicker: string;
  heading: string;
  sub: string;
  cta: ActionCta;
}

/** The workshop's opening (product brief §2.7 item 1): the date, the promise and "Reserve Your Spot". */
export function WorkshopHero({ kicker, heading, sub, cta }: WorkshopHeroProps) {
  return (
    <section className="py-14 md:py-24">
      <Container width="wide">
        <PageHeading kicker={kicker} heading={heading} sub={sub} size="2xl" />
        <ButtonLink
          href={cta.href}
          external
          size="lg"
          track={{ location: 'workshop-hero', checkout: cta.checkout }}
          className="mt-10"
        >
          {cta.label}
        </ButtonLink>
      </Container>
    </section>
  );
}
