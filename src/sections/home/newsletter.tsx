import { SignUpForm } from '../../components/lead-form/sign-up-form';
import { notify } from '../../components/notify';
import { Container } from '../../components/ui/container';
import type { FormCopy } from '../../content/types';

/** The newsletter sign-up (spec §2.2, §5): a toast on success, and the field clears. */
export function Newsletter({
  id,
  kicker,
  heading,
  sub,
  trustLine,
  form,
}: {
  id: string;
  kicker: string;
  heading: string;
  sub: string;
  trustLine: string;
  form: {
    id: string;
    emailLabel: string;
    emailPlaceholder: string;
    copy: FormCopy;
    toast: { title: string; description: string };
  };
}) {
  const headingId = `${id}-heading`;
  return (
    <section
      id={id}
      aria-labelledby={headingId}
      className="scroll-mt-16 bg-accent py-16 text-[#111111] md:py-28"
    >
      <Container className="grid gap-10 md:grid-cols-12 md:items-end">
        <div className="md:col-span-7">
          <p className="text-step--1 font-bold uppercase tracking-[0.2em]">{kicker}</p>
          <h2 id={headingId} className="mt-3 text-step-4 uppercase">
            {heading}
          </h2>
          <p className="mt-5 max-w-xl text-step-1 leading-snug">{sub}</p>
        </div>
        <div className="md:col-span-5">
          <SignUpForm
            id={form.id}
            list="newsletter"
            emailLabel={form.emailLabel}
            emailPlaceholder={form.emailPlaceholder}
            copy={form.copy}
            successDisplay="none"
            buttonVariant="ink"
            onSuccess={() => void notify(form.toast.title, form.toast.description)}
          />
          <p className="mt-4 text-step--1 font-medium">{trustLine}</p>
        </div>
      </Container>
    </section>
  );
}
