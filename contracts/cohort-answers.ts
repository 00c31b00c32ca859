/**
 * What the cohort's application form and its schema (cohort-application.ts) share that needs no
 * zod: the page's form imports this alone, and zod loads only once the form is first used
 * (src/lib/submit-lead.ts). Where an answer travels, the longest answers, and how many of several
 * choices an answer picks (docs/decisions/033-cohort-applications.md).
 */

/** The longest answer each kind of text takes: a line, a longer text, a web address. */
export const answerLimits = { short: 300, long: 5000, url: 2000 } as const;

/** The form field of a question's answer: `answers.<id>`, repeated for several choices. */
export const answerField = (id: string) => `answers.${id}`;

/** The fewest and most options an answer to a "choices" question picks. */
export function choiceLimits(question: {
  options: readonly string[];
  min?: number | undefined;
  max?: number | undefined;
  required: boolean;
}): { min: number; max: number } {
  const max = Math.min(question.max ?? question.options.length, question.options.length);
  // A required question is answered by one choice at least, whatever `min` says.
  const min = Math.min(Math.max(question.min ?? 0, question.required ? 1 : 0), max);
  return { min, max };
}
