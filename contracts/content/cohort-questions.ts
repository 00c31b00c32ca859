import { z } from 'zod';
import { answerLimits } from '../cohort-answers';
import { line, paragraph, slugPattern } from './fields';

/**
 * The questions of the cohort's application form (content/cohort.yaml `application.questions`,
 * docs/decisions/033-cohort-applications.md). Each is one kind of answer, named by its `type`:
 * a line of text, a longer text, one choice, several choices, a number or a web address. One
 * schema made from them (contracts/cohort-application.ts) checks an application in the browser
 * and on the server, so a limit written here holds in both. The build refuses a limit no answer
 * could meet, at its file, line and field.
 */

// The longest answer each kind of text takes, shared with the page's form without zod.
export { answerLimits };

/** The most options a choice offers, and the longest an option may be. */
export const optionLimits = { count: 20, length: 200 } as const;

/** The most questions a form asks: every answer travels in one post (its size is bounded). */
export const maxQuestions = 40;

const required = z.boolean({ error: 'expected true or false' }).default(true);

/** What every question has: its name in the form's fields, its words, whether it must be answered. */
const questionBase = {
  /**
   * Names the answer: the form's field is `answers.<id>`, and the room shows the answer under it.
   * Changing it after applications came in leaves their answers under the old name.
   */
  id: z
    .string({ error: 'expected an id' })
    .regex(slugPattern, 'expected an id of lower-case letters, digits and inner hyphens (business)')
    // Every object already has a `constructor`: an answer by that name could not be told apart.
    .refine((id) => !(id in Object.prototype), 'expected another id: every object has this one'),
  /** The question as the applicant reads it. */
  label: line,
  /** A line under it: what a good answer says, or why it is asked. */
  help: paragraph.optional(),
  /** Whether the applicant must answer it (true unless said). */
  required,
};

const count = (what: string) =>
  z
    .number({ error: `expected a number of ${what}` })
    .int(`expected a whole number of ${what}`)
    .min(0, `expected 0 or more ${what}`);

const maxLength = (most: number) =>
  count('characters')
    .min(1, 'expected at least 1 character')
    .max(most, `expected at most ${most} characters`)
    .default(most);

/**
 * The options of a choice: each a line, each once, and each as written. An option is also the
 * answer the server checks against the questions it serves, whose facts are not filled in, so an
 * option with "{cohortSeats}" would be shown as "20" and refused as not one of the options.
 */
const options = z
  .array(
    line
      .max(optionLimits.length, `expected an option of at most ${optionLimits.length} characters`)
      .refine((option) => !/\{\w+\}/.test(option), {
        message: 'expected an option without a {placeholder}: it is the answer as sent',
      }),
  )
  .min(1, 'expected at least one option')
  .max(optionLimits.count, `expected at most ${optionLimits.count} options`)
  .superRefine((list, context) => {
    for (const [index, option] of list.entries()) {
      const first = list.indexOf(option);
      if (first === index) continue;
      context.addIssue({
        code: 'custom',
        path: [index],
        message: `expected each option once: this is also option ${first + 1}`,
      });
    }
  });

const short = z.strictObject({
  type: z.literal('short'),
  ...questionBase,
  /** The longest answer, in characters (at most 300; 300 unless said). */
  maxLength: maxLength(answerLimits.short),
});

const long = z.strictObject({
  type: z.literal('long'),
  ...questionBase,
  /** The longest answer, in characters (at most 5000; 5000 unless said). */
  maxLength: maxLength(answerLimits.long),
});

const choice = z.strictObject({ type: z.literal('choice'), ...questionBase, options });

const choices = z
  .strictObject({
    type: z.literal('choices'),
    ...questionBase,
    options,
    /** The fewest options an answer picks (0 unless said; a required question takes at least 1). */
    min: count('options').optional(),
    /** The most options an answer picks (all of them unless said). */
    max: count('options').min(1, 'expected at least 1 option').optional(),
  })
  .superRefine(({ options, min, max }, context) => {
    if (max !== undefined && max > options.length) {
      context.addIssue({
        code: 'custom',
        path: ['max'],
        message: `expected at most ${options.length}: there are only ${options.length} options`,
      });
    }
    if (min !== undefined && min > Math.min(max ?? options.length, options.length)) {
      context.addIssue({
        code: 'custom',
        path: ['min'],
        message:
          max !== undefined && max < options.length
            ? `expected at most ${max}, the most an answer may pick (max)`
            : `expected at most ${options.length}: there are only ${options.length} options`,
      });
    }
  });

const finite = (what: string) =>
  z.number({ error: `expected a number (${what})` }).refine(Number.isFinite, 'expected a number');

const number = z
  .strictObject({
    type: z.literal('number'),
    ...questionBase,
    /** The smallest answer taken. */
    min: finite('the smallest answer').optional(),
    /** The largest answer taken. */
    max: finite('the largest answer').optional(),
    /** Whether only whole numbers are taken (true unless said). */
    integer: z.boolean({ error: 'expected true or false' }).default(true),
  })
  .superRefine(({ min, max, integer }, context) => {
    if (min !== undefined && max !== undefined && min > max) {
      context.addIssue({
        code: 'custom',
        path: ['max'],
        message: `expected a largest answer of at least ${min} (min)`,
      });
    } else if (integer && min !== undefined && max !== undefined && Math.ceil(min) > max) {
      context.addIssue({
        code: 'custom',
        path: ['max'],
        message: `expected a whole number between min (${min}) and max (${max})`,
      });
    }
  });

const url = z.strictObject({ type: z.literal('url'), ...questionBase });

/** One question of the application form. */
export const cohortQuestion = z.discriminatedUnion(
  'type',
  [short, long, choice, choices, number, url],
  {
    error: 'expected a question type: short, long, choice, choices, number or url',
  },
);

/** The application form's questions, in the order asked; each id once. */
export const cohortQuestions = z
  .array(cohortQuestion)
  .min(1, 'expected at least one question')
  .max(maxQuestions, `expected at most ${maxQuestions} questions`)
  .superRefine((questions, context) => {
    const ids = questions.map(({ id }) => id);
    for (const [index, id] of ids.entries()) {
      const first = ids.indexOf(id);
      if (first === index) continue;
      context.addIssue({
        code: 'custom',
        path: [index, 'id'],
        message: `expected each question's id once: "${id}" is also question ${first + 1}'s`,
      });
    }
  });

export type CohortQuestion = z.output<typeof cohortQuestion>;
export type CohortQuestionType = CohortQuestion['type'];
