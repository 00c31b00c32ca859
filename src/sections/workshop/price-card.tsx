import { CtaButton } from '../../components/cta-button';
import type { ActionCta } from '../../components/tracked';
import { CheckList } from '../../components/ui/check-list';
import { Section, SectionHeading } from '../../components/ui/section';
import { SeatsLeft, type SeatsNotes, SoldOutNotice } from '../../components/workshop/seats-note';
import type { WorkshopCountdownProps } from '../../components/workshop/workshop-countdown';
import { WorkshopCountdown } from '../../islands';
import type { CtaLocation } from '../../lib/tracking';

export interface PriceCardProps {
  id: string;
  heading: string;
  countdown: WorkshopCountdownProps;
  benefits: readonly string[];
  priceLine: string;
  cta: ActionCta;
  /** Where its button is, for the tracking events (the workshop's, or an owner's page's). */
  location: CtaLocation;
  /** A full first session's notice above the countdown, the seats left under the button. */
  seats: SeatsNotes;
}

/**
 * The price card (product brief §2.7 item 6): countdown, three benefits, the one-time price,
 * "Enrol Now", and what the seats say.
 */
export function PriceCard({
  id,
  heading,
  countdown,
  benefits,
  priceLine,
  cta,
  location,
  seats,
}: PriceCardProps) {
  return (
    <Section id={id} band="surface" width="narrow">
      <div className="rounded-card bg-paper p-7 shadow-[var(--shadow-card)] ring-1 ring-line md:p-10">
        <SoldOutNotice text={seats.notice} className="mb-6" />
        <WorkshopCountdown {...countdown} />
        <SectionHeading heading={heading} className="mt-8" />
        <CheckList items={benefits} className="mt-6" />
        <p className="mt-8 font-display text-step-3 uppercase">{priceLine}</p>
        <CtaButton cta={cta} location={location} className="mt-6 w-full" />
        <SeatsLeft text={seats.left} className="mt-3 text-center" />
      </div>
    </Section>
  );
}
