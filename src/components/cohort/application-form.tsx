import { answerField } from '../../../contracts/cohort-answers';
import type { CohortQuestion } from '../../../contracts/content/cohort-questions';
import { LeadForm } from '../lead-form/lead-form';
import { Button } from '../ui/button';
import { controlA11y, Field, Input } from '../ui/field';
import { QuestionField, type QuestionWords } from './question-field';

/** The application form's words (content/cohort.yaml `application`), as its page hands them over. */
export interface ApplicationFormWords extends QuestionWords {
  emailLabel: string;
  nameLabel: string;
  submit: string;
  submitting: string;
  success: { heading: string; text: string };
  error: string;
}

/**
 * The cohort's application (docs/decisions/033-cohort-applications.md): the applicant's email and
 * name, then each of the content's questions, through the one lead form (LeadForm). Without
 * JavaScript it posts natively to /api/cohort/applications and the server answers at
 * #<id>-success or #<id>-error; with it, the same schema as the server's, made from the same
 * questions, names each field in error under it and keeps everything typed. Once stored, the
 * form gives way to the thanks (without JavaScript too: the thanks, targeted, hides the fields).
 */
export function ApplicationForm({
  id,
  words,
  questions,
}: {
  id: string;
  words: ApplicationFormWords;
  questions: readonly CohortQuestion[];
}) {
  const ids = { email: `${id}-email`, name: `${id}-name` };
  return (
    <LeadForm
      id={id}
      action="/api/cohort/applications"
      copy={{
        submit: words.submit,
        submitting: words.submitting,
        success: words.success.text,
        error: words.error,
      }}
      successHeading={words.success.heading}
      questions={questions}
      traffic="source"
      successDisplay="replace"
      tracking={{ event: 'application', location: id }}
      // Without JavaScript the thanks is shown by :target; the fields then give way to it.
      className="[&:has(>:target[id$=-success])>[data-fields]]:hidden"
    >
      {(form) => (
        <div data-fields="" className="flex flex-col gap-8">
          <div className="grid gap-6 sm:grid-cols-2">
            <Field
              id={ids.email}
              label={words.emailLabel}
              size="question"
              required={words.required}
              error={form.error('email')}
            >
              <Input
                {...controlA11y(ids.email, form.error('email'))}
                type="email"
                name="email"
                required
                autoComplete="email"
              />
            </Field>
            <Field
              id={ids.name}
              label={words.nameLabel}
              size="question"
              required={words.required}
              error={form.error('name')}
            >
              <Input
                {...controlA11y(ids.name, form.error('name'))}
                name="name"
                required
                autoComplete="name"
              />
            </Field>
          </div>
          {questions.map((question) => (
            <QuestionField
              key={question.id}
              formId={id}
              question={question}
              words={words}
              error={form.error(answerField(question.id))}
            />
          ))}
          <div>
            <Button type="submit" size="lg" disabled={form.busy} className="w-full sm:w-auto">
              {form.submitLabel}
            </Button>
          </div>
        </div>
      )}
    </LeadForm>
  );
}
