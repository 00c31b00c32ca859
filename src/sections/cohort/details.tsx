import { CtaButton } from '../../components/cta-button';
import type { ActionCta } from '../../components/tracked';
import { Section, SectionHeading } from '../../components/ui/section';
import type { SiteContent } from '../../content/page-props';

export type DetailsProps = Omit<SiteContent['cohort']['details'], 'cta'> & {
  id: string;
  cta: ActionCta;
};

/**
 * "Cohort details" (product brief §2.8 item 8): the next intake, format, seats, commitment,
 * outcome, and the call.
 */
export function Details({ id, heading, items, cta }: DetailsProps) {
  return (
    <Section id={id} band="dark" width="text">
      <SectionHeading heading={heading} />
      <dl className="mt-8 divide-y divide-line border-y border-line">
        {items.map((item) => (
          <div key={item.term} className="grid gap-1 py-4 sm:grid-cols-3 sm:gap-6">
            <dt className="font-display text-step-1 uppercase text-accent">{item.term}</dt>
            <dd className="text-step-0 sm:col-span-2">{item.value}</dd>
          </div>
        ))}
      </dl>
      <CtaButton cta={cta} location="cohort-details" className="mt-8" />
    </Section>
  );
}
