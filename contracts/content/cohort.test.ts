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

describe('content/cohort.yaml: how people get in and the application form', () => {
  const checked = (text: string) => {
    const result = checkContentFile('cohort', text);
    if (!('value' in result)) throw new Error(problemsOf(text).join('\n'));
    return result.value as { admission: string; application?: { retentionMonths: number } };
  };

  it('takes a booking call when the file does not say, and keeps applications 12 months unless said', () => {
    const edited = edit((document) => {
      document.deleteIn(['admission']);
      document.deleteIn(['application', 'retentionMonths']);
    });
    expect(checked(edited).admission).toBe('call');
    expect(checked(edited).application?.retentionMonths).toBe(12);
  });

  it('an application admission without the application page’s words is an error at its line', () => {
    const edited = edit((document) => document.deleteIn(['application']));
    expect(problemsOf(edited)).toEqual([
      `  content/cohort.yaml:${lineOf(edited, 'admission: application')} admission: expected an \`application\` (the page’s words and questions) with admission: application, got "application"`,
    ]);
    const calling = edit((document) => {
      document.deleteIn(['application']);
      document.setIn(['admission'], 'call');
    });
    expect(problemsOf(calling)).toEqual([]);
  });

  it('another admission names the two there are', () => {
    const edited = edit((document) => document.setIn(['admission'], 'form'));
    expect(problemsOf(edited)).toEqual([
      `  content/cohort.yaml:${lineOf(edited, 'admission: form')} admission: expected call (the booking link) or application (the form on the site), got "form"`,
    ]);
  });

  it('a question’s id given twice is an error at the second one’s line', () => {
    const edited = edit((document) =>
      document.setIn(['application', 'questions', 2, 'id'], 'revenue'),
    );
    // The second question named "revenue", the third of the list.
    const line = edited.split('\n').findLastIndex((text) => text.includes('- id: revenue')) + 1;
    expect(problemsOf(edited)).toEqual([
      `  content/cohort.yaml:${line} application.questions[2].id: expected each question's id once: "revenue" is also question 2's, got "revenue"`,
    ]);
  });

  it('several choices whose fewest is above their most are an error at min', () => {
    const edited = edit((document) => {
      document.setIn(['application', 'questions', 3, 'min'], 3);
      document.setIn(['application', 'questions', 3, 'max'], 2);
    });
    expect(problemsOf(edited)).toEqual([
      `  content/cohort.yaml:${lineOf(edited, 'min: 3')} application.questions[3].min: expected at most 2, the most an answer may pick (max), got 3`,
    ]);
  });

  it('a choice without options is an error at its options', () => {
    const edited = edit((document) =>
      document.setIn(['application', 'questions', 1, 'options'], []),
    );
    expect(problemsOf(edited)).toEqual([
      `  content/cohort.yaml:${lineOf(edited, 'options: []')} application.questions[1].options: expected at least one option, got a list`,
    ]);
  });
});
