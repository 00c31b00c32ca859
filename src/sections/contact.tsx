import { Section, SectionHeading } from '../components/ui/section';
import type { SiteContent } from '../content/page-props';
import { ContactForm } from '../islands';

export type ContactProps = SiteContent['home']['contact'] & { id: string };

/**
 * Press and speaking enquiries (product brief §2.2, §2.4, §4, §8): the same section and form on
 * the home and book pages, each with its words from its own content file.
 */
export function Contact({ id, kicker, heading, sub, ...form }: ContactProps) {
  return (
    <Section id={id} containerClassName="grid gap-10 lg:grid-cols-12">
      <div className="lg:col-span-5">
        <SectionHeading kicker={kicker} heading={heading} />
        <p className="mt-5 max-w-md text-step-1 leading-snug text-muted">{sub}</p>
      </div>
      <ContactForm
        id={`${id}-form`}
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
