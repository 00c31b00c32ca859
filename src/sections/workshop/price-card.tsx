import { CtaButton } from '../../components/cta-button';
import type { ActionCta } from '../../components/tracked';
import { CheckList } from '../../components/ui/check-list';
import { Section, SectionHeading } from '../../components/ui/section';
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
}

/** The price card (product brief §2.7 item 6): countdown, three benefits, the one-time price, "Enrol Now". */
export function PriceCard({
  id,
  heading,
  countdown,
  benefits,
  priceLine,
  cta,
  location,
}: PriceCardProps) {
  return (
    <Section id={id} band="surface" width="narrow">
      <div className="rounded-card bg-paper p-7 shadow-[var(--shadow-card)] ring-1 ring-line md:p-10">
        <WorkshopCountdown {...countdown} />
        <SectionHeading heading={heading} className="mt-8" />
        <CheckList items={benefits} className="mt-6" />
        <p className="mt-8 font-display text-step-3 uppercase">{priceLine}</p>
        <CtaButton cta={cta} location={location} className="mt-6 w-full" />
      </div>
    </Section>
  );
}
