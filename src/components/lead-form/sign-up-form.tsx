import type { SubscriptionList } from '../../../contracts/subscription';
import { formCopy } from '../../content/forms';
import type { FormCopy } from '../../content/types';
import { Button, type ButtonVariants } from '../ui/button';
import { controlA11y, Field, Input } from '../ui/field';
import { LeadForm } from './lead-form';

/** An email sign-up to one of our lists (D8). The default button is "Get Instant Access" (§9). */
export function SignUpForm({
  id,
  list,
  emailLabel,
  emailPlaceholder,
  copy = formCopy.signUpDefault,
  successDisplay,
  onSuccess,
  buttonVariant = 'primary',
  labelClassName,
  className,
}: {
  id: string;
  list: SubscriptionList;
  emailLabel: string;
  emailPlaceholder?: string;
  copy?: FormCopy;
  successDisplay: 'replace' | 'inline' | 'none';
  onSuccess?: () => void;
  buttonVariant?: ButtonVariants['variant'];
  labelClassName?: string;
  className?: string;
}) {
  const emailId = `${id}-email`;
  return (
    <LeadForm
      id={id}
      action="/api/subscriptions"
      copy={copy}
      hidden={{ list }}
      traffic
      successDisplay={successDisplay}
      tracking={{ event: 'lead', location: id }}
      onSuccess={onSuccess}
      className={className}
    >
      {(form) => (
        // The row layout follows the form's own width (a container query), not the window's:
        // the same form sits full-width on a phone and in a half column at 768 px.
        <div className="@container">
          <div className="flex flex-col gap-3 @sm:flex-row @sm:items-start">
            <Field
              id={emailId}
              label={emailLabel}
              error={form.error('email')}
              className="flex-1"
              labelClassName={labelClassName}
            >
              <Input
                {...controlA11y(emailId, form.error('email'))}
                type="email"
                name="email"
                required
                autoComplete="email"
                placeholder={emailPlaceholder}
              />
            </Field>
            {/* In a row, the button drops by the label's height (size × line height 1.6, plus the gap). */}
            <Button
              type="submit"
              variant={buttonVariant}
              size="lg"
              disabled={form.busy}
              className="@sm:mt-[calc(var(--text-step--1)*1.6+0.5rem)] @sm:min-h-12"
            >
              {form.submitLabel}
            </Button>
          </div>
        </div>
      )}
    </LeadForm>
  );
}
