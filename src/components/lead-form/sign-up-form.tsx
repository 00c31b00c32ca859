import type { SubscriptionList } from '../../../contracts/subscription';
import type { FormCopy } from '../../content/types';
import { cn } from '../../lib/cn';
import { Button, type ButtonVariants } from '../ui/button';
import { controlA11y, Field, Input } from '../ui/field';
import { LeadForm } from './lead-form';
import type { SuccessEffect } from './success-effects';

/**
 * An email sign-up to one of our lists (product decision D8). Its words are the page's, or the
 * site's own (content/site.yaml forms.signUp: "Get Instant Access", the product brief §9).
 */
export function SignUpForm({
  id,
  list,
  emailLabel,
  emailPlaceholder,
  firstNameLabel,
  stacked = firstNameLabel !== undefined,
  copy,
  successDisplay,
  onSuccess,
  bonusLink,
  buttonVariant = 'primary',
  labelClassName,
  className,
}: {
  id: string;
  list: SubscriptionList;
  emailLabel: string;
  emailPlaceholder?: string;
  /** Adds the optional first-name field (the waitlist page, product brief §2.3), above the email row. */
  firstNameLabel?: string;
  /** The button below the email field at every width (a long label in a narrow column). */
  stacked?: boolean;
  copy: FormCopy;
  successDisplay: 'replace' | 'inline' | 'none';
  onSuccess?: SuccessEffect;
  bonusLink?: { label: string; href: string };
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
      list={list}
      traffic
      successDisplay={successDisplay}
      tracking={{ event: 'lead', location: id }}
      onSuccess={onSuccess}
      bonusLink={bonusLink}
      className={className}
    >
      {(form) => (
        // The row layout follows the form's own width (a container query), not the window's:
        // the same form sits full-width on a phone and in a half column at 768 px.
        <div className="@container">
          {firstNameLabel ? (
            <Field
              id={`${id}-first-name`}
              label={firstNameLabel}
              error={form.error('firstName')}
              className="mb-3"
              labelClassName={labelClassName}
            >
              <Input
                {...controlA11y(`${id}-first-name`, form.error('firstName'))}
                name="firstName"
                autoComplete="given-name"
              />
            </Field>
          ) : null}
          {/* A one-field form sits in a row with its button when there is room; otherwise it stacks. */}
          <div className={cn('flex flex-col gap-3', !stacked && '@sm:flex-row @sm:items-start')}>
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
              className={cn(
                !stacked && '@sm:mt-[calc(var(--text-step--1)*1.6+0.5rem)] @sm:min-h-12',
              )}
            >
              {form.submitLabel}
            </Button>
          </div>
        </div>
      )}
    </LeadForm>
  );
}
