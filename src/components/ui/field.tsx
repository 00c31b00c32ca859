import { cva } from 'class-variance-authority';
import type { ComponentProps, ReactNode } from 'react';
import { cn } from '../../lib/cn';

export const controlVariants = cva(
  'w-full rounded-card border-2 border-ink/20 bg-field px-4 text-step-0 text-on-field transition-colors placeholder:text-field-placeholder hover:border-ink/40 focus-visible:border-on-field aria-invalid:border-danger',
  {
    variants: {
      kind: { input: 'min-h-12', textarea: 'min-h-36 py-3 leading-relaxed' },
    },
    defaultVariants: { kind: 'input' },
  },
);

export function Input({ className, ...props }: ComponentProps<'input'>) {
  return <input className={cn(controlVariants({ kind: 'input' }), className)} {...props} />;
}

export function Textarea({ className, ...props }: ComponentProps<'textarea'>) {
  return <textarea className={cn(controlVariants({ kind: 'textarea' }), className)} {...props} />;
}

/**
 * The ids and ARIA that tie a control to its label and its inline error, and to what else
 * describes it (`described`: the ids of a help text, a limit), read before the error.
 */
export function controlA11y(
  id: string,
  error: string | undefined,
  described: readonly string[] = [],
) {
  const describedBy = [...described, ...(error ? [`${id}-error`] : [])].join(' ');
  return {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy || undefined,
  } as const;
}

/**
 * Said beside a label whose field must be filled in ("required"): in words, so it does not rest
 * on colour or a mark alone, and read as part of the label.
 */
export function RequiredMark({ word }: { word: string }) {
  // The space is the label's own, so its accessible name reads "Email (required)".
  return <span className="font-normal text-muted"> ({word})</span>;
}

/** A label's or a legend's size: one class each, so no element has two sizes. */
const labelSizes = { small: 'text-step--1', question: 'text-step-0' } as const;
type LabelSize = keyof typeof labelSizes;

/** A visible label, the control, and its error message right below it. */
export function Field({
  id,
  label,
  required,
  error,
  className,
  labelClassName,
  size = 'small',
  children,
}: {
  id: string;
  label: string;
  /** The word that says the field must be filled in, beside its label (RequiredMark). */
  required?: string;
  error?: string;
  className?: string;
  labelClassName?: string;
  /** How large its label is: a form's small one, or a question's (an application's). */
  size?: LabelSize;
  children: ReactNode;
}) {
  return (
    <div className={cn('flex flex-col gap-2', className)}>
      <label htmlFor={id} className={cn(labelSizes[size], 'font-semibold', labelClassName)}>
        {label}
        {required ? <RequiredMark word={required} /> : null}
      </label>
      {children}
      <FieldError id={id} error={error} />
    </div>
  );
}

/**
 * A group of controls answering one question (radio buttons, checkboxes): the question is the
 * group's legend, which screen readers read on entering it; `describedBy` names its help, limits
 * and error; the error shows right below the group.
 */
export function Fieldset({
  id,
  legend,
  size = 'small',
  required,
  error,
  describedBy,
  className,
  children,
}: {
  id: string;
  legend: string;
  /** How large its legend is, as a field's label (`Field`'s size). */
  size?: LabelSize;
  required?: string;
  error?: string;
  /** The ids of what describes the group (its help, its limits), before the error. */
  describedBy: readonly string[];
  className?: string;
  children: ReactNode;
}) {
  const described = [...describedBy, ...(error ? [`${id}-error`] : [])].join(' ');
  return (
    <fieldset
      id={id}
      aria-describedby={described || undefined}
      className={cn('flex min-w-0 flex-col gap-2', className)}
    >
      <legend className={cn('mb-2 font-semibold', labelSizes[size])}>
        {legend}
        {required ? <RequiredMark word={required} /> : null}
      </legend>
      {children}
      <FieldError id={id} error={error} />
    </fieldset>
  );
}

/** A field's or a group's error, right below it, named `<id>-error` for its aria-describedby. */
function FieldError({ id, error }: { id: string; error: string | undefined }) {
  return error ? (
    <p id={`${id}-error`} className="text-step--1 font-medium text-danger">
      {error}
    </p>
  ) : null;
}
