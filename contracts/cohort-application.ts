import { z } from 'zod';
import { answerLimits, choiceLimits } from './cohort-answers';
import type { CohortQuestion } from './content/cohort-questions';
import { emailAddressSchema } from './email';
import { honeypot } from './honeypot';
import { proofOfWork } from './proof-of-work';
import { lineText, messageText, nameText, sitePathSchema } from './text';
import { withoutWebAddress } from './web-address';

/**
 * An application to the cohort (docs/decisions/033-cohort-applications.md): the applicant's email
 * and name, an answer to each of the content's questions under `answers`, and the fields every
 * lead form carries. One schema, made from the questions the site serves, checks it in the
 * browser and on the server; each bad answer is named `answers.<id>`, so the page shows its
 * message under its question.
 */

// What the page's form needs without zod lives in cohort-answers.ts.
export { answerField, choiceLimits } from './cohort-answers';

const answerPrefix = 'answers.';

const unanswered = 'Please answer this question.';

/** The smallest and largest number an answer may be, as the page and the message say them. */
const numberFormat = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 6 });

function textAnswer(question: Extract<CohortQuestion, { type: 'short' | 'long' }>) {
  const most = numberFormat.format(question.maxLength);
  const messages = {
    notText: unanswered,
    tooLong: `Please keep this under ${most} characters.`,
    unusable: 'This answer holds characters we cannot store: please retype it as plain text.',
  };
  // Only a question of type `url` asks for a web address: in a written answer one is refused,
  // as in the name (contracts/web-address.ts).
  return withoutWebAddress(
    question.type === 'short'
      ? lineText(question.maxLength, messages)
      : messageText(question.maxLength, messages),
  );
}

function choiceAnswer(question: Extract<CohortQuestion, { type: 'choice' }>) {
  return z.enum(question.options as [string, ...string[]], {
    error: 'Please choose one of the options.',
  });
}

function choicesAnswer(question: Extract<CohortQuestion, { type: 'choices' }>) {
  const { min, max } = choiceLimits(question);
  const option = choiceAnswer({ ...question, type: 'choice' });
  return z
    .array(option, { error: 'Please choose from the options.' })
    .min(min, `Please choose at least ${min}.`)
    .max(max, max === 1 ? 'Please choose only one.' : `Please choose at most ${max}.`)
    .refine((picked) => new Set(picked).size === picked.length, 'Please choose each option once.');
}

function numberAnswer(question: Extract<CohortQuestion, { type: 'number' }>) {
  const { min, max, integer } = question;
  const range =
    min !== undefined && max !== undefined
      ? `from ${numberFormat.format(min)} to ${numberFormat.format(max)}`
      : min !== undefined
        ? `of ${numberFormat.format(min)} or more`
        : max !== undefined
          ? `of ${numberFormat.format(max)} or less`
          : '';
  const wanted = `Please enter ${integer ? 'a whole number' : 'a number'}${range ? ` ${range}` : ''}.`;
  let schema = z.number({ error: wanted }).refine(Number.isFinite, wanted);
  if (integer) schema = schema.refine(Number.isInteger, wanted);
  if (min !== undefined) schema = schema.refine((value) => value >= min, wanted);
  if (max !== undefined) schema = schema.refine((value) => value <= max, wanted);
  return schema;
}

/** An address written without its scheme ("example.com/about"), as people often type one. */
const bareHost = /^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,}(?:[/?#:]|$)/i;

const urlAnswer = () => {
  const wanted = 'Please enter a web address, such as https://example.com.';
  return lineText(answerLimits.url, {
    notText: wanted,
    tooLong: `Please keep this under ${numberFormat.format(answerLimits.url)} characters.`,
    unusable: wanted,
  })
    .transform((text) => (bareHost.test(text) ? `https://${text}` : text))
    .pipe(
      z
        .url({ protocol: /^https?$/, hostname: z.regexes.domain, error: wanted })
        .max(answerLimits.url, wanted)
        .refine((address) => !/[\s\\]/.test(address), wanted),
    );
};

/** The schema of one question's answer, before whether it must be answered. */
function answerOf(question: CohortQuestion): z.ZodType {
  switch (question.type) {
    case 'short':
    case 'long':
      return textAnswer(question);
    case 'choice':
      return choiceAnswer(question);
    case 'choices':
      return choicesAnswer(question);
    case 'number':
      return numberAnswer(question);
    case 'url':
      return urlAnswer();
  }
}

/** Whether a value is no answer: left out, an empty text once trimmed, no choice picked. */
const isEmpty = (value: unknown) =>
  value === undefined ||
  value === null ||
  (typeof value === 'string' && value.trim() === '') ||
  (Array.isArray(value) && value.length === 0);

/**
 * A question's answer: an optional question may be left empty (and is then not kept); a required
 * one may not. Whatever is given is checked against the question's limits.
 */
function answerSchema(question: CohortQuestion): z.ZodType {
  const answer = answerOf(question);
  if (question.required) {
    // An empty list reaches the list's own "at least" message; anything else empty is unanswered.
    return z
      .unknown()
      .superRefine((value, context) => {
        if (isEmpty(value) && !Array.isArray(value))
          context.addIssue({ code: 'custom', message: unanswered });
      })
      .pipe(answer);
  }
  // Optional outside too: a key the body leaves out is then no error of its own.
  return z.optional(
    z
      .unknown()
      .transform((value) => (isEmpty(value) ? undefined : value))
      .pipe(answer.optional()),
  );
}

/**
 * The body of POST /api/cohort/applications for these questions: `answers` takes each question's
 * id and no other key; an answer left empty on an optional question is left out of what it gives.
 */
export function applicationSchema(questions: readonly CohortQuestion[]) {
  const answers = z
    .strictObject(
      Object.fromEntries(questions.map((question) => [question.id, answerSchema(question)])),
      {
        error: (issue) =>
          issue.code === 'unrecognized_keys'
            ? 'This question is not on the form.'
            : 'Please answer the questions.',
      },
    )
    .transform((given) =>
      Object.fromEntries(Object.entries(given).filter(([, value]) => value !== undefined)),
    );
  return z.strictObject({
    email: emailAddressSchema,
    // The name the cohort's emails greet: never a link (contracts/web-address.ts).
    name: withoutWebAddress(
      nameText(200, {
        notText: 'Please enter your name.',
        tooLong: 'Please shorten your name.',
        unusable: 'Please use only letters and punctuation in your name.',
      }),
    ).pipe(z.string().min(1, 'Please enter your name.')),
    answers: answers as z.ZodType<ApplicationAnswers>,
    /** Path of the page the form was on, as every lead keeps it. */
    page: sitePathSchema.optional(),
    /** Traffic source (D4), as a sign-up keeps it. */
    source: lineText(64, {
      notText: 'Unknown source.',
      tooLong: 'Unknown source.',
      unusable: 'Unknown source.',
    }).optional(),
    [honeypot.field]: honeypot.schema,
    [proofOfWork.field]: proofOfWork.schema,
  });
}

/** An application's answers by question id: text, a choice, the choices picked, a number. */
export type ApplicationAnswers = Record<string, string | number | string[]>;

export type Application = z.output<ReturnType<typeof applicationSchema>>;

/** The answer of POST /api/cohort/applications (201): the application's id. */
export const applicationAnswerSchema = z.object({ id: z.string().min(1) });

export type ApplicationAnswer = z.infer<typeof applicationAnswerSchema>;

/**
 * A form's named fields -> the body of an application, in the browser (the island builds its
 * post with it) and on the server (a native post, before the JavaScript has loaded), so both send
 * the same. `answers.<id>` fields go under `answers`: a "choices" question's are gathered into a
 * list (none checked is an empty one), a "number" question's figure is read as a number (a text
 * that is no number stays text, for the schema to refuse), an empty field is left out. A field of
 * no question stays, for the schema to name. Other fields are taken once each, as every lead form's.
 */
export function applicationFormBody(
  entries: Iterable<[string, unknown]>,
  questions: readonly CohortQuestion[],
): Record<string, unknown> {
  const byId = new Map(questions.map((question) => [question.id, question]));
  const body: Record<string, unknown> = {};
  const answers = new Map<string, unknown>();
  for (const question of questions) if (question.type === 'choices') answers.set(question.id, []);
  for (const [name, value] of entries) {
    if (typeof value !== 'string' || name === 'form') continue;
    if (!name.startsWith(answerPrefix)) {
      if (!Object.hasOwn(body, name)) body[name] = value;
      continue;
    }
    const id = name.slice(answerPrefix.length);
    const question = byId.get(id);
    const list = answers.get(id);
    if (question?.type === 'choices' && Array.isArray(list)) {
      if (value !== '') list.push(value);
    } else if (!answers.has(id) && value !== '') {
      answers.set(id, question?.type === 'number' ? figure(value) : value);
    }
  }
  body.answers = Object.fromEntries(answers);
  return body;
}

/** "1,200" or " 12 " as the number it says; any other text as it is. */
function figure(text: string): number | string {
  const plain = text.trim().replaceAll(',', '');
  if (!/^[-+]?(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?$/i.test(plain)) return text;
  const value = Number(plain);
  return Number.isFinite(value) ? value : text;
}
