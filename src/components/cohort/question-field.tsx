import { answerField, answerLimits, choiceLimits } from '../../../contracts/cohort-answers';
import type { CohortQuestion } from '../../../contracts/content/cohort-questions';
import { fillTemplate } from '../../lib/template';
import { controlA11y, Field, Fieldset, Input, Textarea } from '../ui/field';

/** The words a question's field says besides its own: the required mark and its limits. */
export interface QuestionWords {
  required: string;
  /** "Up to {max} characters", under a long text. */
  characters: string;
  /** How many of several choices to pick: "{min}" and "{max}" filled in. */
  choose: { range: string; exactly: string; upTo: string };
}

const numbers = new Intl.NumberFormat('en-GB');

/** What a question says of its limits under its control, if anything. */
function limitOf(question: CohortQuestion, words: QuestionWords): string | null {
  if (question.type === 'long') {
    return fillTemplate(words.characters, { max: numbers.format(question.maxLength) });
  }
  if (question.type !== 'choices') return null;
  const { min, max } = choiceLimits(question);
  const template =
    min === max ? words.choose.exactly : min === 0 ? words.choose.upTo : words.choose.range;
  return fillTemplate(template, { min: numbers.format(min), max: numbers.format(max) });
}

const optionClass =
  'flex min-h-12 cursor-pointer items-center gap-3 rounded-card border-2 border-ink/15 px-4 py-2 transition-colors hover:border-ink/40 has-checked:border-accent has-aria-invalid:border-danger has-focus-visible:outline-3 has-focus-visible:outline-offset-2';
const markClass = 'size-5 shrink-0 accent-accent';

/**
 * One question of the cohort's application (content/cohort.yaml `application.questions`) as the
 * control its kind asks for: a line of text, a box for a longer one (its most characters said), a
 * group of radio buttons or of checkboxes (how many to pick said), a number, a web address. Its
 * help and limits describe the control; its error shows right under it. Each control's name is
 * `answers.<id>`, what the schema reads (contracts/cohort-application.ts). The browser's own
 * checks (required, maxLength, min, max) hold without JavaScript; with it, the schema's do.
 */
export function QuestionField({
  formId,
  question,
  words,
  error,
}: {
  formId: string;
  question: CohortQuestion;
  words: QuestionWords;
  error: string | undefined;
}) {
  const id = `${formId}-${question.id}`;
  const name = answerField(question.id);
  const limit = limitOf(question, words);
  const described = [question.help ? `${id}-help` : null, limit ? `${id}-limit` : null].filter(
    (each) => each !== null,
  );
  const required = question.required ? words.required : undefined;
  const help = question.help ? <Note id={`${id}-help`}>{question.help}</Note> : null;
  const limitNote = limit ? <Note id={`${id}-limit`}>{limit}</Note> : null;

  if (question.type === 'choice' || question.type === 'choices') {
    return (
      <Fieldset
        id={id}
        legend={question.label}
        size="question"
        required={required}
        error={error}
        describedBy={described}
      >
        {help}
        {limitNote}
        <Options question={question} name={name} invalid={error !== undefined} />
      </Fieldset>
    );
  }

  const a11y = controlA11y(id, error, described);
  return (
    <Field id={id} label={question.label} size="question" required={required} error={error}>
      {help}
      {question.type === 'long' ? (
        <Textarea
          {...a11y}
          name={name}
          rows={6}
          maxLength={question.maxLength}
          required={question.required}
        />
      ) : question.type === 'number' ? (
        <Input
          {...a11y}
          type="number"
          name={name}
          inputMode={question.integer ? 'numeric' : 'decimal'}
          step={question.integer ? 1 : 'any'}
          min={question.min}
          max={question.max}
          required={question.required}
          className="sm:max-w-xs"
        />
      ) : question.type === 'url' ? (
        <Input
          {...a11y}
          type="url"
          name={name}
          inputMode="url"
          autoComplete="url"
          maxLength={answerLimits.url}
          required={question.required}
        />
      ) : (
        <Input {...a11y} name={name} maxLength={question.maxLength} required={question.required} />
      )}
      {limitNote}
    </Field>
  );
}

/** A line that describes a control (its help, its limits), named by the control's aria-describedby. */
function Note({ id, children }: { id: string; children: string }) {
  return (
    <p id={id} className="text-step--1 text-muted">
      {children}
    </p>
  );
}

/** The options of a choice (radio buttons) or of several choices (checkboxes), each a whole card. */
function Options({
  question,
  name,
  invalid,
}: {
  question: Extract<CohortQuestion, { type: 'choice' | 'choices' }>;
  name: string;
  invalid: boolean;
}) {
  const multiple = question.type === 'choices';
  return (
    <div className="mt-1 grid gap-2 sm:grid-cols-2">
      {question.options.map((option) => (
        <label key={option} className={optionClass}>
          <input
            type={multiple ? 'checkbox' : 'radio'}
            name={name}
            value={option}
            // One radio of a required group: the browser then asks for one without JavaScript.
            required={!multiple && question.required ? true : undefined}
            aria-invalid={invalid || undefined}
            className={markClass}
          />
          <span>{option}</span>
        </label>
      ))}
    </div>
  );
}
