import { Check } from '../../components/icons';
import { SignUpForm } from '../../components/lead-form/sign-up-form';
import { Container } from '../../components/ui/container';
import type { FormCopy, ImageAsset } from '../../content/types';
import { markWaitlistJoined } from '../../lib/waitlist-joined';

/** The book section (spec §2.2, §4): the cover beside the waitlist sign-up. */
export function BookWaitlist({
  id,
  kicker,
  title,
  subLine,
  trustLine,
  cover,
  form,
}: {
  id: string;
  kicker: string;
  title: string;
  subLine: string;
  trustLine: string;
  cover: ImageAsset;
  form: { id: string; emailLabel: string; emailPlaceholder: string; copy: FormCopy };
}) {
  const headingId = `${id}-heading`;
  return (
    <section
      id={id}
      aria-labelledby={headingId}
      className="surface-ink scroll-mt-16 overflow-hidden bg-[#111111] py-16 text-[#f7f4ee] md:py-28"
    >
      <Container className="grid items-center gap-12 md:grid-cols-12">
        <div className="relative mx-auto w-3/5 max-w-xs md:col-span-5 md:w-full md:max-w-sm">
          <div
            aria-hidden="true"
            className="absolute inset-0 translate-x-4 translate-y-4 rounded-sm bg-accent/25"
          />
          <img
            src={cover.src}
            width={cover.width}
            height={cover.height}
            alt={cover.alt}
            loading="lazy"
            decoding="async"
            className="relative h-auto w-full -rotate-3 rounded-sm shadow-[0_30px_60px_-20px_rgb(0_0_0/0.8)] transition-transform duration-300 hover:rotate-0"
          />
        </div>
        <div className="md:col-span-7 md:pl-6">
          <p className="text-step--1 font-bold uppercase tracking-[0.2em] text-accent">{kicker}</p>
          <h2 id={headingId} className="mt-3 text-step-5">
            {title}
          </h2>
          <p className="mt-5 max-w-xl text-step-1 leading-snug text-[#f7f4ee]/85">{subLine}</p>
          <SignUpForm
            id={form.id}
            list="waitlist"
            emailLabel={form.emailLabel}
            emailPlaceholder={form.emailPlaceholder}
            copy={form.copy}
            successDisplay="replace"
            onSuccess={markWaitlistJoined}
            className="mt-8 max-w-xl"
          />
          <p className="mt-5 flex items-center gap-2 text-step--1 text-[#f7f4ee]/75">
            <Check className="size-4 text-accent" />
            {trustLine}
          </p>
        </div>
      </Container>
    </section>
  );
}
