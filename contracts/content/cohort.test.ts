import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseDocument } from 'yaml';
import { checkContentFile, formatProblem } from './load';

/**
 * What content/cohort.yaml checks beyond the shape of its fields: an intake's applications close
 * by its start, and the testimonials between sections name people the file quotes.
 */
const cohort = readFileSync(resolve(import.meta.dirname, '../../content/cohort.yaml'), 'utf8');

function problemsOf(text: string): string[] {
  const checked = checkContentFile('cohort', text);
  return 'problems' in checked ? checked.problems.map(formatProblem) : [];
}

const lineOf = (text: string, needle: string) =>
  text.split('\n').findIndex((line) => line.includes(needle)) + 1;

/** The real file with one change made through the YAML document, so the owner's edits never matter. */
function edit(change: (document: ReturnType<typeof parseDocument>) => void): string {
  const document = parseDocument(cohort);
  change(document);
  return String(document);
}

describe('content/cohort.yaml', () => {
  it('the real file fits', () => {
    expect(problemsOf(cohort)).toEqual([]);
  });

  it('applications that close after the intake starts are an error at their line', () => {
    const edited = edit((document) => {
      document.setIn(['intakes', 0, 'starts'], '2030-01-07');
      document.setIn(['intakes', 0, 'applyBy'], '2030-01-08');
    });
    expect(problemsOf(edited)).toEqual([
      `  content/cohort.yaml:${lineOf(edited, 'applyBy: 2030-01-08')} intakes[0].applyBy: expected applications to close on or before the day the intake starts, got "2030-01-08"`,
    ]);
  });

  it('a day in another format names what was expected', () => {
    const edited = edit((document) => document.setIn(['intakes', 0, 'starts'], '11/01/2027'));
    expect(problemsOf(edited)).toEqual([
      `  content/cohort.yaml:${lineOf(edited, '11/01/2027')} intakes[0].starts: expected a date as YYYY-MM-DD, got "11/01/2027"`,
    ]);
  });

  it('at least one intake is kept', () => {
    const edited = edit((document) => document.setIn(['intakes'], []));
    expect(problemsOf(edited)).toEqual([
      expect.stringMatching(
        /^ {2}content\/cohort\.yaml:\d+ intakes: expected at least one intake \(keep the last one/,
      ),
    ]);
  });

  it('a quoted name that is not one of the testimonials is an error at its line', () => {
    const edited = edit((document) => document.setIn(['quotes', 'afterStory', 1], 'Lena Kovacs'));
    const [problem, ...others] = problemsOf(edited);
    expect(others).toEqual([]);
    expect(problem).toMatch(
      new RegExp(
        `^ {2}content/cohort\\.yaml:${lineOf(edited, '- Lena Kovacs')} quotes\\.afterStory\\[1\\]: expected the name of a person under testimonials\\.items \\(.*Lena Kovac.*\\), got "Lena Kovacs"$`,
      ),
    );
  });
});
