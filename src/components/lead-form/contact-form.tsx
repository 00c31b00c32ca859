import type { FormCopy } from '../../content/types';
import { Button } from '../ui/button';
import { controlA11y, Field, Input, Textarea } from '../ui/field';
import { LeadForm } from './lead-form';

/** The press and speaking enquiry form (product brief §4, §5, §7, §8). */
export function ContactForm({
  id,
  labels,
  copy,
  className,
}: {
  id: string;
  labels: { name: string; email: string; message: string; messagePlaceholder?: string };
  copy: FormCopy;
  className?: string;
}) {
  const ids = { name: `${id}-name`, email: `${id}-email`, message: `${id}-message` };
  return (
    <LeadForm
      id={id}
      action="/api/contact-submissions"
      copy={copy}
      successDisplay="inline"
      tracking={{ event: 'contact', location: id }}
      className={className}
    >
      {(form) => (
        <div className="grid gap-5 sm:grid-cols-2">
          <Field id={ids.name} label={labels.name} error={form.error('name')}>
            <Input
              {...controlA11y(ids.name, form.error('name'))}
              name="name"
              required
              autoComplete="name"
            />
          </Field>
          <Field id={ids.email} label={labels.email} error={form.error('email')}>
            <Input
              {...controlA11y(ids.email, form.error('email'))}
              type="email"
              name="email"
              required
              autoComplete="email"
            />
          </Field>
          <Field
            id={ids.message}
            label={labels.message}
            error={form.error('message')}
            className="sm:col-span-2"
          >
            <Textarea
              {...controlA11y(ids.message, form.error('message'))}
              name="message"
              required
              rows={6}
              placeholder={labels.messagePlaceholder}
            />
          </Field>
          <div className="sm:col-span-2">
            <Button type="submit" size="lg" disabled={form.busy} className="w-full sm:w-auto">
              {form.submitLabel}
            </Button>
          </div>
        </div>
      )}
    </LeadForm>
  );
}
