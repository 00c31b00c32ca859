import { CtaButton } from '../../components/cta-button';
import type { ActionCta } from '../../components/tracked';
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
        <CtaButton cta={cta} location="workshop-hero" className="mt-10" />
      </Container>
    </section>
  );
}
