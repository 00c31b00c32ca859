import { CtaButton } from '../components/cta-button';
import type { ActionCta } from '../components/tracked';
import { Section, SectionHeading } from '../components/ui/section';
import type { CtaLocation } from '../lib/tracking';

export interface PitchProps {
  id: string;
  kicker?: string;
  heading: string;
  paragraphs: readonly string[];
  cta?: ActionCta & { location: CtaLocation };
  band?: 'paper' | 'surface' | 'dark';
}

/** A heading, a short argument and a call to action (the sales pages' connecting sections). */
export function Pitch({ id, kicker, heading, paragraphs, cta, band }: PitchProps) {
  return (
    <Section id={id} band={band} width="text">
      <SectionHeading kicker={kicker} heading={heading} />
      {paragraphs.map((paragraph) => (
        <p key={paragraph} className="mt-5 text-step-1 leading-snug text-muted">
          {paragraph}
        </p>
      ))}
      {cta ? <CtaButton cta={cta} location={cta.location} className="mt-8" /> : null}
    </Section>
  );
}
