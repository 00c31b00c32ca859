import { type ReactNode, useEffect, useRef, useState } from 'react';
import type { CohortQuestion } from '../../../contracts/content/cohort-questions';
import { utmFromSearch } from '../../../contracts/form-fields';
import type { SubscriptionList } from '../../../contracts/subscription';
import type { FormCopy } from '../../content/types';
import { cn } from '../../lib/cn';
import { honeypotField, honeypotLabel } from '../../lib/honeypot-field';
import { announceLeadConfirmed } from '../../lib/lead-events';
import { referralFromSearch, rememberReferralCode } from '../../lib/referral';
import type { LeadAction } from '../../lib/submit-lead';
import { fillTemplate } from '../../lib/template';
import { type TrackingEventName, track } from '../../lib/tracking';
import { pageTrafficSource } from '../../lib/traffic-source';
import { runSuccessEffect, type SuccessEffect } from './success-effects';
import { type LeadFormStatus, useLeadForm } from './use-lead-form';

export interface LeadFormApi {
  status: LeadFormStatus;
  /** The inline error of a field, if any. */
  error: (name: string) => string | undefined;
  /** The submit button's label for the current state. */
  submitLabel: string;
  busy: boolean;
}

/** What a lead form is made of (LeadForm). */
export interface LeadFormProps {
  /** The form's HTML id, also its `form` field (pattern ^[a-z][a-z0-9-]{0,39}$). */
  id: string;
  action: LeadAction;
  copy: FormCopy;
  /** A heading above the thanks (an application's "Application received"). */
  successHeading?: string;
  /** The cohort's application: the questions its fields answer, which validate it. */
  questions?: readonly CohortQuestion[];
  /** Sign-up forms: the list the email joins (sent as the hidden `list` field). */
  list?: SubscriptionList;
  /**
   * Send the traffic source and UTM parameters (sign-up forms), or the source alone (an
   * application, whose contract keeps no UTM).
   */
  traffic?: boolean | 'source';
  /** "replace": the form gives way to the message; "inline": the message shows under the form. */
  successDisplay: 'replace' | 'inline' | 'none';
  tracking: { event: TrackingEventName; location: string };
  onSuccess?: SuccessEffect;
  /**
   * After a sign-up, a link to the thank-you page with the visitor's share code ("{code}"), so
   * the page on another site can show their personal link (D10).
   */
  bonusLink?: { label: string; href: string };
  className?: string;
  children: (form: LeadFormApi) => ReactNode;
}

/**
 * Every lead form: a real <form> that posts natively without JavaScript (the server answers 303
 * to #<id>-success or #<id>-error, shown here through :target) and with JavaScript validates
 * and posts JSON through useLeadForm. Carries the hidden `form` id, the honeypot, the page's
 * path and, for sign-ups, the traffic source and UTM fields. Tracking fires only once the
 * server confirmed.
 */
export function LeadForm({
  id,
  action,
  copy,
  successHeading,
  questions,
  list,
  traffic = false,
  successDisplay,
  tracking,
  onSuccess,
  bonusLink,
  className,
  children,
}: LeadFormProps) {
  const pageFields = usePageFields(traffic);
  const { formRef, status, errors, onSubmit, prefetch } = useLeadForm({
    action,
    questions,
    onSuccess: (answer) => {
      setReferralCode(
        rememberReferralCode('referralCode' in answer ? answer.referralCode : undefined),
      );
      track(tracking.event, {
        button_location: tracking.location,
        source: pageFields.source,
        ...(list ? { list } : {}),
      });
      announceLeadConfirmed({ form: id, list });
      if (onSuccess) runSuccessEffect(onSuccess);
    },
  });
  const [referralCode, setReferralCode] = useState<string | null>(null);

  if (status === 'success' && successDisplay === 'replace') {
    return (
      <Thanks
        heading={successHeading}
        success={copy.success}
        bonusLink={bonusLink && referralCode ? { ...bonusLink, code: referralCode } : undefined}
        className={className}
      />
    );
  }

  const busy = status === 'submitting';
  return (
    <form
      ref={formRef}
      id={id}
      method="post"
      action={action}
      onSubmit={onSubmit}
      onFocus={prefetch}
      aria-busy={busy || undefined}
      className={cn('relative', className)}
    >
      <input type="hidden" name="form" value={id} />
      {list ? <input type="hidden" name="list" value={list} /> : null}
      {Object.entries(pageFields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <Honeypot formId={id} />
      {children({
        status,
        busy,
        error: (name) => errors[name],
        submitLabel: busy ? copy.submitting : copy.submit,
      })}
      <Answers
        id={id}
        copy={copy}
        heading={successHeading}
        status={status}
        inline={successDisplay === 'inline'}
      />
    </form>
  );
}

const messageClass =
  'rounded-card border-l-4 bg-current/5 px-4 py-3 text-step-0 font-semibold outline-none';
const successClass = cn(messageClass, 'border-accent');
const errorClass = cn(messageClass, 'border-danger text-danger');

/**
 * What a form that gives way to its thanks shows: the thanks, focused so a screen reader reads
 * it at once, and after a sign-up the link to the thank-you page with the visitor's share code.
 */
function Thanks({
  heading,
  success,
  bonusLink,
  className,
}: {
  heading: string | undefined;
  success: string;
  bonusLink: { label: string; href: string; code: string } | undefined;
  className: string | undefined;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <div className={className}>
      <div ref={ref} tabIndex={-1} role="status" className={successClass}>
        <SuccessWords heading={heading} success={success} />
      </div>
      {bonusLink ? (
        <a
          href={fillTemplate(bonusLink.href, { code: bonusLink.code })}
          className="mt-4 inline-flex font-bold underline decoration-2 underline-offset-4 hover:no-underline"
        >
          {bonusLink.label}
        </a>
      ) : null}
    </div>
  );
}

/** The thanks: its words, under their heading when the form has one. */
function SuccessWords({ heading, success }: { heading: string | undefined; success: string }) {
  if (!heading) return success;
  return (
    <>
      <span className="block font-display text-step-2 font-normal uppercase">{heading}</span>{' '}
      <span className="mt-2 block font-normal">{success}</span>
    </>
  );
}

/**
 * The server's answer under the form: with JavaScript, the thanks (where the form stays) and the
 * error as they come; without it, the anchors the server redirects to, shown through :target.
 */
function Answers({
  id,
  copy,
  heading,
  status,
  inline,
}: {
  id: string;
  copy: FormCopy;
  heading: string | undefined;
  status: LeadFormStatus;
  /** The thanks shows under the form, which stays. */
  inline: boolean;
}) {
  return (
    <>
      <div className="mt-4 empty:hidden" aria-live="polite">
        {status === 'success' && inline ? (
          <p role="status" className={successClass}>
            {copy.success}
          </p>
        ) : null}
      </div>
      {status === 'error' ? (
        <p role="alert" className={cn(errorClass, 'mt-4')}>
          {copy.error}
        </p>
      ) : null}
      {/* Without JavaScript the server redirects to one of these anchors. */}
      <p id={`${id}-success`} className={cn(successClass, 'mt-4 hidden target:block')}>
        <SuccessWords heading={heading} success={copy.success} />
      </p>
      <p id={`${id}-error`} className={cn(errorClass, 'mt-4 hidden target:block')}>
        {copy.error}
      </p>
    </>
  );
}

/**
 * Bots fill every field; people never see this one. Off-screen rather than display:none (which
 * many bots skip), out of the tab order and hidden from assistive technology.
 */
function Honeypot({ formId }: { formId: string }) {
  const fieldId = `${formId}-${honeypotField}`;
  return (
    <div aria-hidden="true" className="absolute -left-[10000px] top-0 h-px w-px overflow-hidden">
      <label htmlFor={fieldId}>{honeypotLabel}</label>
      <input id={fieldId} type="text" name={honeypotField} tabIndex={-1} autoComplete="off" />
    </div>
  );
}

/**
 * The page's path, so the owner sees which page brought a lead, and with `traffic` the source
 * (D4), UTM and referral fields: read from the address once hydrated (empty in the prerender).
 */
function usePageFields(traffic: boolean | 'source'): Record<string, string> & { source?: string } {
  const [fields, setFields] = useState<Record<string, string>>({});
  useEffect(() => {
    const { pathname, search } = window.location;
    setFields({
      page: pathname,
      ...(traffic ? { source: pageTrafficSource() } : {}),
      ...(traffic === true ? { ...utmFromSearch(search), ...referralFromSearch(search) } : {}),
    });
  }, [traffic]);
  return fields;
}
