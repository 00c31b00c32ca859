import { CheckList } from '../../components/ui/check-list';
import { Section, SectionHeading } from '../../components/ui/section';

export interface AgendaProps {
  id: string;
  kicker: string;
  heading: string;
  phases: ReadonlyArray<{ label: string; title: string; points: readonly string[] }>;
}

/** The three phases of the session, four points each (product brief §2.7 item 4, D14). */
export function Agenda({ id, kicker, heading, phases }: AgendaProps) {
  return (
    <Section id={id} band="surface">
      <SectionHeading kicker={kicker} heading={heading} />
      <ol className="mt-10 grid gap-5 lg:grid-cols-3">
        {phases.map((phase) => (
          <li
            key={phase.label}
            className="flex flex-col gap-4 rounded-card bg-paper p-7 shadow-[var(--shadow-card)]"
          >
            <p className="text-step--1 font-bold uppercase tracking-[0.2em] text-kicker">
              {phase.label}
            </p>
            <h3 className="text-step-2 uppercase">{phase.title}</h3>
            <CheckList items={phase.points} />
          </li>
        ))}
      </ol>
    </Section>
  );
}
