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

/** The ids and ARIA that tie a control to its label and its inline error. */
export function controlA11y(id: string, error: string | undefined) {
  return {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${id}-error` : undefined,
  } as const;
}

/** A visible label, the control, and its error message right below it. */
export function Field({
  id,
  label,
  error,
  className,
  labelClassName,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  className?: string;
  labelClassName?: string;
  children: ReactNode;
}) {
  return (
    <div className={cn('flex flex-col gap-2', className)}>
      <label htmlFor={id} className={cn('text-step--1 font-semibold', labelClassName)}>
        {label}
      </label>
      {children}
      {error ? (
        <p id={`${id}-error`} className="text-step--1 font-medium text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}
