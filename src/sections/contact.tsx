import { Section, SectionHeading } from '../components/ui/section';
import type { FormCopy } from '../content/types';
import { ContactForm } from '../islands';

export interface ContactProps {
  id: string;
  kicker: string;
  heading: string;
  sub: string;
  form: {
    id: string;
    nameLabel: string;
    emailLabel: string;
    messageLabel: string;
    messagePlaceholder: string;
    copy: FormCopy;
  };
}

/** Press and speaking enquiries (spec §2.2, §2.4, §4, §8): the same form on every page. */
export function Contact({ id, kicker, heading, sub, form }: ContactProps) {
  return (
    <Section id={id} containerClassName="grid gap-10 lg:grid-cols-12">
      <div className="lg:col-span-5">
        <SectionHeading kicker={kicker} heading={heading} />
        <p className="mt-5 max-w-md text-step-1 leading-snug text-muted">{sub}</p>
      </div>
      <ContactForm
        id={form.id}
        labels={{
          name: form.nameLabel,
          email: form.emailLabel,
          message: form.messageLabel,
          messagePlaceholder: form.messagePlaceholder,
        }}
        copy={form.copy}
        className="rounded-card bg-surface p-6 md:p-10 lg:col-span-7"
      />
    </Section>
  );
}
