import { Fragment } from 'react';
import { CtaButton } from '../../components/cta-button';
import type { ActionCta } from '../../components/tracked';
import { Container } from '../../components/ui/container';
import type { SiteContent } from '../../content/page-props';

type Hero = SiteContent['cohort']['hero'];

export type CohortHeroProps = Omit<Hero, 'slots' | 'cta'> & {
  /**
   * The seats line, while an intake takes applications: how many are left ("Only 3 slots left"),
   * or, once none is, that the intake is full (`full`).
   */
  seats: { text: string; full: boolean } | null;
  /** The next intake's dates, or that applications will open. */
  intake: { label: string; text: string };
  cta: ActionCta;
};

/**
 * The cohort's opening (product brief §2.8 item 1): the claim, the headline, the seats and the
 * next intake, and the call.
 */
export function CohortHero({ kicker, heading, sub, seats, intake, cta }: CohortHeroProps) {
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
        <div className="mt-8 flex flex-col items-center gap-4">
          {seats?.full ? (
            // A sentence, not a count: set as text, framed in the accent the count is written in.
            <p className="max-w-xl rounded-card border-2 border-accent px-5 py-3 text-step-0 font-semibold leading-snug">
              {seats.text}
            </p>
          ) : seats ? (
            <p className="font-display text-step-2 uppercase text-accent">{seats.text}</p>
          ) : null}
          <p className="flex max-w-2xl flex-wrap items-baseline justify-center gap-x-3 gap-y-1 text-step-0">
            <span className="text-step--1 font-bold uppercase tracking-wider text-accent">
              {intake.label}
            </span>
            <span>
              {/* Each " · " part wraps as a whole: a date is not split from its words. */}
              {intake.text.split(' · ').map((part, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: fixed pieces of one line.
                <Fragment key={index}>
                  {index > 0 ? ' · ' : null}
                  <span className="inline-block">{part}</span>
                </Fragment>
              ))}
            </span>
          </p>
        </div>
        <CtaButton cta={cta} location="cohort-hero" className="mt-8" />
      </Container>
    </section>
  );
}
