import { Close } from '../../components/icons';
import { CheckList } from '../../components/ui/check-list';
import { Section, SectionHeading } from '../../components/ui/section';
import type { SiteContent } from '../../content/page-props';

export type FitProps = SiteContent['cohort']['fit'] & { id: string };

/** "Who this is for (and who it's not)" (product brief §2.8 item 7): both lists and the two notes. */
export function Fit({ id, heading, forLabel, forItems, notLabel, notItems, notes }: FitProps) {
  return (
    <Section id={id}>
      <SectionHeading heading={heading} />
      <div className="mt-10 grid gap-5 md:grid-cols-2">
        <div className="rounded-card bg-surface p-7">
          <h3 className="text-step-2 uppercase text-accent">{forLabel}</h3>
          <CheckList items={forItems} className="mt-5" />
        </div>
        <div className="rounded-card bg-surface p-7">
          <h3 className="text-step-2 uppercase text-muted">{notLabel}</h3>
          <ul className="mt-5 flex flex-col gap-3">
            {notItems.map((item) => (
              <li key={item} className="flex gap-3 text-step-0 text-muted">
                <span className="mt-0.5 flex size-6 shrink-0 items-center justify-center rounded-full border-2 border-current">
                  <Close className="size-3.5" />
                </span>
                {item}
              </li>
            ))}
          </ul>
        </div>
      </div>
      <div className="mt-10 grid gap-8 md:grid-cols-2">
        {notes.map((note) => (
          <div key={note.title}>
            <h3 className="text-step-1 uppercase">{note.title}</h3>
            <p className="mt-3 text-step-0 text-muted">{note.body}</p>
          </div>
        ))}
      </div>
    </Section>
  );
}
