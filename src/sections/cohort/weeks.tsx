import { Section, SectionHeading } from '../../components/ui/section';
import type { SiteContent } from '../../content/page-props';

export type WeeksProps = SiteContent['cohort']['weeks'] & { id: string };

/** "How the 5-week transformation works" (product brief §2.8 item 5): the weekly rhythm and the weeks. */
export function Weeks({ id, heading, rhythm, weeks }: WeeksProps) {
  return (
    <Section id={id}>
      <SectionHeading heading={heading} />
      <dl className="mt-8 grid gap-4 md:grid-cols-2">
        {rhythm.map((item) => (
          <div key={item.day} className="rounded-card bg-surface p-6">
            <dt className="font-display text-step-2 uppercase text-accent">{item.day}</dt>
            <dd className="mt-2 text-step-0 text-muted">{item.body}</dd>
          </div>
        ))}
      </dl>
      <ol className="mt-10 grid gap-3">
        {weeks.map((week) => (
          <li
            key={week.label}
            className="flex flex-wrap items-baseline gap-x-4 border-b border-line pb-3"
          >
            <span className="font-display text-step-1 uppercase text-muted">{week.label}</span>
            <span className="text-step-1 font-semibold">{week.title}</span>
          </li>
        ))}
      </ol>
    </Section>
  );
}
