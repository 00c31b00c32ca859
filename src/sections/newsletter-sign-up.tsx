import type { SubscriptionList } from '../../contracts/subscription';
import { ArrowRight } from '../components/icons';
import { Section, SectionHeading } from '../components/ui/section';
import type { SignUpFormContent } from '../content/types';
import { SignUpForm } from '../islands';

export interface NewsletterSignUpProps {
  id: string;
  kicker: string;
  heading: string;
  sub: string;
  trustLine: string;
  form: SignUpFormContent;
  /** The Kit form it signs up to (the home page's: the newsletter). */
  list: SubscriptionList;
  /** The note that pops up once subscribed. */
  toast: { title: string; description: string };
  /** A link to the past issues (the writing's index), for a visitor who would read first. */
  archive?: { label: string; href: string };
}

/**
 * The newsletter sign-up (product brief §2.2, §5): the section that asks a visitor to subscribe,
 * a toast on success, and the field clears. A post's foot and an owner's page's sign-up block use
 * it too, for any list.
 */
export function NewsletterSignUp({
  id,
  kicker,
  heading,
  sub,
  trustLine,
  form,
  list,
  toast,
  archive,
}: NewsletterSignUpProps) {
  return (
    <Section id={id} band="accent" containerClassName="grid gap-10 md:grid-cols-12 md:items-end">
      <div className="md:col-span-7">
        <SectionHeading kicker={kicker} heading={heading} />
        <p className="mt-5 max-w-xl text-step-1 leading-snug">{sub}</p>
        {archive ? (
          <p className="mt-5">
            <a
              href={archive.href}
              className="group inline-flex items-center gap-2 font-bold underline decoration-2 underline-offset-4"
            >
              {archive.label}
              <ArrowRight className="size-4 transition-transform group-hover:translate-x-1" />
            </a>
          </p>
        ) : null}
      </div>
      <div className="md:col-span-5">
        <SignUpForm
          {...form}
          list={list}
          successDisplay="none"
          buttonVariant="ink"
          onSuccess={{ kind: 'toast', ...toast }}
        />
        <p className="mt-4 text-step--1 font-medium">{trustLine}</p>
      </div>
    </Section>
  );
}
