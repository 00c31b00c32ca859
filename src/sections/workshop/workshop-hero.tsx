import { CtaButton } from '../../components/cta-button';
import type { ActionCta } from '../../components/tracked';
import { Container } from '../../components/ui/container';
import { PageHeading } from '../../components/ui/page-heading';
import { SeatsLeft, type SeatsNotes, SoldOutNotice } from '../../components/workshop/seats-note';

export interface WorkshopHeroProps {
  kicker: string;
  heading: string;
  sub: string;
  cta: ActionCta;
  /** A full first session's notice above, the seats left under the button. */
  seats: SeatsNotes;
}

/**
 * The workshop's opening (product brief §2.7 item 1): the date, the promise and "Reserve Your
 * Spot", with what the seats say (a full first session above, the seats left under the button).
 */
export function WorkshopHero({ kicker, heading, sub, cta, seats }: WorkshopHeroProps) {
  return (
    <section className="py-14 md:py-24">
      <Container width="wide">
        <SoldOutNotice text={seats.notice} className="mb-6" />
        <PageHeading kicker={kicker} heading={heading} sub={sub} size="2xl" />
        <CtaButton cta={cta} location="workshop-hero" className="mt-10" />
        <SeatsLeft text={seats.left} className="mt-3" />
      </Container>
    </section>
  );
}
