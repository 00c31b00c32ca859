import { type ActionCta, ActionLink } from '../../components/action-link';
import { Container } from '../../components/ui/container';

export interface CohortHeroProps {
  kicker: string;
  heading: string;
  sub: string;
  slots: string;
  cta: ActionCta;
}

/** The cohort's opening (spec §2.8 item 1): the claim, the headline, the seats, the call. */
export function CohortHero({ kicker, heading, sub, slots, cta }: CohortHeroProps) {
  return (
    <section className="py-14 md:py-24">
      <Container width="wide" className="text-center">
        <p className="inline-block rounded-full bg-accent px-4 py-1 text-step--1 font-bold uppercase tracking-wider text-on-accent">
          {kicker}
        </p>
        <h1 className="mt-6 text-step-5 leading-[0.92] uppercase">
          {/* "7-Figure" stays on one line: a break after the hyphen reads as a typo. */}
          {heading.split(/(\S*-\S*)/).map((part, index) =>
            part.includes('-') ? (
              // biome-ignore lint/suspicious/noArrayIndexKey: fixed pieces of one heading.
              <span key={index} className="whitespace-nowrap">
                {part}
              </span>
            ) : (
              part
            ),
          )}
        </h1>
        <p className="mx-auto mt-6 max-w-2xl text-step-1 leading-snug text-muted">{sub}</p>
        <p className="mt-8 font-display text-step-2 uppercase text-accent">{slots}</p>
        <ActionLink cta={cta} location="cohort-hero" className="mt-6" />
      </Container>
    </section>
  );
}
