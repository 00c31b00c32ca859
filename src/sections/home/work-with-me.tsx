import { ArrowRight } from '../../components/icons';
import { Container } from '../../components/ui/container';
import type { Offer } from '../../content/home';
import { track } from '../../lib/tracking';

/** D12: the ways to work with the founder, as three cards linking to their pages. */
export function WorkWithMe({
  id,
  kicker,
  heading,
  offers,
}: {
  id: string;
  kicker: string;
  heading: string;
  offers: readonly Offer[];
}) {
  const headingId = `${id}-heading`;
  return (
    <section id={id} aria-labelledby={headingId} className="scroll-mt-16 bg-surface py-16 md:py-28">
      <Container>
        <p className="text-step--1 font-bold uppercase tracking-[0.2em] text-muted">{kicker}</p>
        <h2 id={headingId} className="mt-3 text-step-4 uppercase">
          {heading}
        </h2>
        <ul className="mt-10 grid gap-5 md:grid-cols-2 lg:grid-cols-3">
          {offers.map((offer) => (
            <li
              key={offer.title}
              className="group relative flex flex-col rounded-[var(--radius-card)] bg-paper p-7 shadow-[var(--shadow-card)] transition-transform duration-200 focus-within:-translate-y-1 hover:-translate-y-1"
            >
              <p className="text-step--1 font-bold uppercase tracking-[0.16em] text-muted">
                {offer.eyebrow}
              </p>
              <h3 className="mt-4 text-step-2 text-pretty uppercase">{offer.title}</h3>
              <p className="mt-4 flex-1 text-step-0 text-muted">{offer.body}</p>
              <a
                href={offer.link.href}
                onClick={() =>
                  track('ctaClick', { button_name: offer.link.label, button_location: id })
                }
                className="mt-8 inline-flex items-center gap-2 self-start rounded-full bg-accent px-5 py-3 text-step--1 font-bold uppercase tracking-wide text-[#111111] after:absolute after:inset-0 after:rounded-[var(--radius-card)] hover:bg-accent-strong"
              >
                {offer.link.label}
                <ArrowRight className="size-4 transition-transform group-hover:translate-x-1" />
              </a>
            </li>
          ))}
        </ul>
      </Container>
    </section>
  );
}
