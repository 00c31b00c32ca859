import { ArrowRight } from '../../components/icons';
import { ButtonLink } from '../../components/ui/button';
import { Section, SectionHeading } from '../../components/ui/section';

/** A step's button: the retailer opens in a new tab (`external`), the email in the mail app. */
interface Link {
  label: string;
  href: string;
  external?: boolean;
}

export interface BonusClaimProps {
  id: string;
  kicker: string;
  heading: string;
  steps: ReadonlyArray<{ title: string; body: string; link: Link }>;
}

/** The two steps to the pre-order bonuses (product brief §2.4 item 5): order, then email the receipt. */
export function BonusClaim({ id, kicker, heading, steps }: BonusClaimProps) {
  return (
    <Section id={id} band="dark">
      <SectionHeading kicker={kicker} heading={heading} />
      <ol className="mt-10 grid gap-5 md:grid-cols-2">
        {steps.map((step, index) => (
          <li key={step.title} className="flex flex-col gap-4 rounded-card bg-surface p-7 md:p-10">
            <span className="font-display text-step-5 leading-none text-accent">
              {String(index + 1).padStart(2, '0')}
            </span>
            <h3 className="text-step-2 uppercase">{step.title}</h3>
            <p className="flex-1 text-step-0 text-ink/85">{step.body}</p>
            <ButtonLink
              href={step.link.href}
              external={step.link.external}
              track={{ location: 'book-bonus-claim' }}
              className="self-start"
            >
              {step.link.label}
              <ArrowRight className="size-4" />
            </ButtonLink>
          </li>
        ))}
      </ol>
    </Section>
  );
}
