import { Section, SectionHeading } from '../../components/ui/section';
import { fillTemplate } from '../../lib/template';

export interface BonusesProps {
  id: string;
  kicker: string;
  heading: string;
  /** "Bonus {n}": the badge on each card. */
  itemLabel: string;
  items: ReadonlyArray<{ title: string; body: string }>;
}

/** The six pre-order bonuses (product brief §2.4 item 6). */
export function Bonuses({ id, kicker, heading, itemLabel, items }: BonusesProps) {
  return (
    <Section id={id}>
      <SectionHeading kicker={kicker} heading={heading} />
      <ul className="mt-10 grid gap-5 md:grid-cols-2 lg:grid-cols-3">
        {items.map((item, index) => (
          <li key={item.title} className="flex flex-col gap-3 rounded-card border-2 border-ink p-7">
            <span className="self-start rounded-full bg-accent px-3 py-1 text-step--1 font-bold text-on-accent">
              {fillTemplate(itemLabel, { n: index + 1 })}
            </span>
            <h3 className="text-step-2 uppercase">{item.title}</h3>
            <p className="text-step-0 text-muted">{item.body}</p>
          </li>
        ))}
      </ul>
    </Section>
  );
}
