import { describe, expect, it } from 'vitest';
import { cohortQuestions } from './cohort-questions';

/** Each problem of a list of questions, as the build prints it after the file and line. */
function problemsOf(questions: unknown): string[] {
  const result = cohortQuestions.safeParse(questions);
  return result.success
    ? []
    : result.error.issues.map(({ path, message }) => `${path.join('.')}: ${message}`);
}

const asked = { label: 'What does your business do?' };

describe("the cohort's application questions", () => {
  it('fills what goes without saying: required, the longest text, whole numbers', () => {
    expect(
      cohortQuestions.parse([
        { id: 'business', type: 'short', ...asked },
        { id: 'story', type: 'long', ...asked, required: false, maxLength: 2000 },
        { id: 'team', type: 'number', ...asked },
      ]),
    ).toEqual([
      { id: 'business', type: 'short', ...asked, required: true, maxLength: 300 },
      { id: 'story', type: 'long', ...asked, required: false, maxLength: 2000 },
      { id: 'team', type: 'number', ...asked, required: true, integer: true },
    ]);
  });

  it('refuses text limits beyond what an answer may hold, or none at all', () => {
    expect(
      problemsOf([
        { id: 'a', type: 'short', ...asked, maxLength: 301 },
        { id: 'b', type: 'long', ...asked, maxLength: 5001 },
        { id: 'c', type: 'short', ...asked, maxLength: 0 },
        { id: 'd', type: 'long', ...asked, maxLength: 12.5 },
      ]),
    ).toEqual([
      '0.maxLength: expected at most 300 characters',
      '1.maxLength: expected at most 5000 characters',
      '2.maxLength: expected at least 1 character',
      '3.maxLength: expected a whole number of characters',
    ]);
  });

  it('refuses a choice without options, with a repeated option, or with too many', () => {
    const many = Array.from({ length: 21 }, (_, index) => `Option ${index + 1}`);
    expect(
      problemsOf([
        { id: 'a', type: 'choice', ...asked, options: [] },
        { id: 'b', type: 'choice', ...asked, options: ['Yes', 'No', 'Yes'] },
        { id: 'c', type: 'choices', ...asked, options: many },
        { id: 'd', type: 'choice', ...asked, options: ['Two\nlines'] },
        { id: 'e', type: 'choices', ...asked, options: ['Under {cohortSeats}', 'More'] },
      ]),
    ).toEqual([
      '0.options: expected at least one option',
      '1.options.2: expected each option once: this is also option 1',
      '2.options: expected at most 20 options',
      '3.options.0: expected one line of text, got line breaks',
      '4.options.0: expected an option without a {placeholder}: it is the answer as sent',
    ]);
  });

  it('refuses choices no answer could meet', () => {
    const options = ['A', 'B', 'C'];
    expect(
      problemsOf([
        { id: 'a', type: 'choices', ...asked, options, max: 4 },
        { id: 'b', type: 'choices', ...asked, options, min: 3, max: 2 },
        { id: 'c', type: 'choices', ...asked, options, min: 4 },
        { id: 'd', type: 'choices', ...asked, options, min: -1 },
        { id: 'e', type: 'choices', ...asked, options, max: 0 },
      ]),
    ).toEqual([
      '0.max: expected at most 3: there are only 3 options',
      '1.min: expected at most 2, the most an answer may pick (max)',
      '2.min: expected at most 3: there are only 3 options',
      '3.min: expected 0 or more options',
      '4.max: expected at least 1 option',
    ]);
    expect(problemsOf([{ id: 'f', type: 'choices', ...asked, options, min: 1, max: 3 }])).toEqual(
      [],
    );
  });

  it('refuses a number whose smallest answer is above its largest, or with no whole number between', () => {
    expect(
      problemsOf([
        { id: 'a', type: 'number', ...asked, min: 10, max: 1 },
        { id: 'b', type: 'number', ...asked, min: 0.2, max: 0.8 },
        { id: 'c', type: 'number', ...asked, min: 0.2, max: 0.8, integer: false },
        { id: 'd', type: 'number', ...asked, min: '1' },
      ]),
    ).toEqual([
      '0.max: expected a largest answer of at least 10 (min)',
      '1.max: expected a whole number between min (0.2) and max (0.8)',
      '3.min: expected a number (the smallest answer)',
    ]);
  });

  it('refuses an unknown type, an unknown field, a bad id and an id asked twice', () => {
    expect(
      problemsOf([
        { id: 'a', type: 'date', ...asked },
        { id: 'b', type: 'url', ...asked, maxLength: 100 },
        { id: 'Big Id', type: 'url', ...asked },
        { id: 'constructor', type: 'url', ...asked },
      ]),
    ).toEqual([
      '0.type: expected a question type: short, long, choice, choices, number or url',
      '1: Unrecognized key: "maxLength"',
      '2.id: expected an id of lower-case letters, digits and inner hyphens (business)',
      '3.id: expected another id: every object has this one',
    ]);
    expect(
      problemsOf([
        { id: 'site', type: 'url', ...asked },
        { id: 'site', type: 'short', ...asked },
      ]),
    ).toEqual(['1.id: expected each question\'s id once: "site" is also question 1\'s']);
    expect(problemsOf([])).toEqual([': expected at least one question']);
  });
});
