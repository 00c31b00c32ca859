import { Container } from '../../components/ui/container';
import { PageHeading } from '../../components/ui/page-heading';
import type { SiteContent } from '../../content/page-props';
import { SignUpForm } from '../../islands';

export type NextDateProps = SiteContent['workshop']['nextDate'];

/**
 * The workshop's opening while no session is to come: said plainly, with a sign-up to hear of
 * the next date (its own list, forwarded to its own Kit form). Nothing on the page sells.
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
}: NextDateProps) {
  return (
    <section className="py-14 md:py-24">
      <Container width="wide">
        <PageHeading kicker={kicker} heading={heading} sub={text} size="2xl" />
        <SignUpForm
          id="workshop-next-date"
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
