import { ContactForm } from '../../components/lead-form/contact-form';
import { Container } from '../../components/ui/container';
import type { FormCopy } from '../../content/types';

/** Press and speaking enquiries (spec §2.2, §4, §8). */
export function Contact({
  id,
  kicker,
  heading,
  sub,
  form,
}: {
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
}) {
  const headingId = `${id}-heading`;
  return (
    <section id={id} aria-labelledby={headingId} className="scroll-mt-16 py-16 md:py-28">
      <Container className="grid gap-10 lg:grid-cols-12">
        <div className="lg:col-span-5">
          <p className="text-step--1 font-bold uppercase tracking-[0.2em] text-muted">{kicker}</p>
          <h2 id={headingId} className="mt-3 text-step-4 uppercase">
            {heading}
          </h2>
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
          className="rounded-[var(--radius-card)] bg-surface p-6 md:p-10 lg:col-span-7"
        />
      </Container>
    </section>
  );
}
