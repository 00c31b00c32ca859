import { ArrowRight } from '../../components/icons';
import { TrackedLink } from '../../components/tracked';
import { Section, SectionHeading } from '../../components/ui/section';
import type { SiteContent } from '../../content/page-props';

export type WorkWithMeProps = SiteContent['home']['workWithMe'] & { id: string };

/** Product decision D12: the ways to work with the founder, as three cards linking to their pages. */
export function WorkWithMe({ id, kicker, heading, offers }: WorkWithMeProps) {
  return (
    <Section id={id} band="surface">
      <SectionHeading kicker={kicker} heading={heading} />
      <ul className="mt-10 grid gap-5 md:grid-cols-2 lg:grid-cols-3">
        {offers.map((offer) => (
          <li
            key={offer.heading}
            className="group relative flex flex-col rounded-card bg-paper p-7 shadow-[var(--shadow-card)] transition-transform duration-200 focus-within:-translate-y-1 hover:-translate-y-1"
          >
            <p className="text-step--1 font-bold uppercase tracking-[0.16em] text-kicker">
              {offer.kicker}
            </p>
            <h3 className="mt-4 text-step-2 text-pretty uppercase">{offer.heading}</h3>
            <p className="mt-4 flex-1 text-step-0 text-muted">{offer.body}</p>
            <TrackedLink
              href={offer.link.href}
              location="work-with-me"
              className="mt-8 inline-flex items-center gap-2 self-start rounded-full bg-accent px-5 py-3 text-step--1 font-bold uppercase tracking-wide text-on-accent after:absolute after:inset-0 after:rounded-card hover:bg-accent-strong"
            >
              {offer.link.label}
              <ArrowRight className="size-4 transition-transform group-hover:translate-x-1" />
            </TrackedLink>
          </li>
        ))}
      </ul>
    </Section>
  );
}
