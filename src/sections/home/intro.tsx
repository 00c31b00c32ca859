import { Image } from '../../components/ui/image';
import { Section, SectionHeading } from '../../components/ui/section';
import type { SiteContent } from '../../content/page-props';

export type IntroProps = SiteContent['home']['intro'] & { id: string };

/** A short personal blurb beside a portrait, with the three numbers of the story. */
export function Intro({ id, heading, paragraphs, stats, portrait }: IntroProps) {
  return (
    <Section id={id} containerClassName="grid items-center gap-12 md:grid-cols-12">
      <Image
        image={portrait}
        className="mx-auto h-auto w-4/5 max-w-sm rounded-card md:col-span-5 md:w-full"
      />
      <div className="md:col-span-7">
        <SectionHeading heading={heading} />
        {paragraphs.map((paragraph) => (
          <p
            key={paragraph}
            className="mt-5 max-w-2xl text-step-0 text-muted md:text-step-1 md:leading-relaxed"
          >
            {paragraph}
          </p>
        ))}
        <dl className="mt-10 grid grid-cols-3 gap-4 border-t-2 border-ink pt-6">
          {stats.map((stat) => (
            <div key={stat.label} className="flex flex-col gap-1">
              <dt className="order-2 text-step--1 leading-snug text-muted">{stat.label}</dt>
              <dd className="order-1 font-display text-step-3">{stat.value}</dd>
            </div>
          ))}
        </dl>
      </div>
    </Section>
  );
}
