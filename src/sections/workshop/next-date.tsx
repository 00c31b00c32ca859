import { Container } from '../../components/ui/container';
import { PageHeading } from '../../components/ui/page-heading';
import type { SiteContent } from '../../content/page-props';
import { SignUpForm } from '../../islands';

export type NextDateProps = SiteContent['workshop']['nextDate'] & {
  /** The form's id; the workshop page's by default. */
  formId?: string;
  /** 2 below a page's own heading (an owner's page's checkout block); 1 as the workshop's opening. */
  level?: 1 | 2;
};

/**
 * The workshop's opening while no session is to come (and an owner's checkout block's): said
 * plainly, with a sign-up to hear of the next date (its own list, forwarded to its own Kit form).
 * Nothing on the page sells.
 */
export function NextDate({
  kicker,
  heading,
  text,
  emailLabel,
  submit,
  submitting,
  success,
  error,
  formId = 'workshop-next-date',
  level = 1,
}: NextDateProps) {
  return (
    <section className="py-14 md:py-24">
      <Container width="wide">
        <PageHeading kicker={kicker} heading={heading} sub={text} size="2xl" level={level} />
        <SignUpForm
          id={formId}
          list="workshop"
          emailLabel={emailLabel}
          copy={{ submit, submitting, success, error }}
          successDisplay="replace"
          className="mt-10 max-w-xl"
        />
      </Container>
    </section>
  );
}
