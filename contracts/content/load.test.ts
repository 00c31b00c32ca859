import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseDocument } from 'yaml';
import { checkContentFile, formatProblem } from './load';

/**
 * What the owner reads when a content file does not fit: the file, the line, the field, what
 * was expected and what the file has (docs/editing-content.md).
 */
const workshop = readFileSync(resolve(import.meta.dirname, '../../content/workshop.yaml'), 'utf8');

function problemsOf(text: string): string[] {
  const checked = checkContentFile('workshop', text);
  return 'problems' in checked ? checked.problems.map(formatProblem) : [];
}

const lineOf = (text: string, needle: string) =>
  text.split('\n').findIndex((line) => line.includes(needle)) + 1;

/** The real file with one change made through the YAML document, so the owner's edits never matter. */
function edit(change: (document: ReturnType<typeof parseDocument>) => void): string {
  const document = parseDocument(workshop);
  change(document);
  return String(document);
}

describe('a content file that does not fit', () => {
  it('the real file fits', () => {
    expect(problemsOf(workshop)).toEqual([]);
  });

  it('a date without its offset names the file, line, field, expectation and value', () => {
    const edited = edit((document) => document.setIn(['sessions', 0, 'start'], '22/09/2025'));
    expect(problemsOf(edited)).toEqual([
      `  content/workshop.yaml:${lineOf(edited, '22/09/2025')} sessions[0].start: expected a date-time with a UTC offset (2026-12-10T18:00:00+00:00), got "22/09/2025"`,
    ]);
  });

  it('an unknown key is an error at its own line', () => {
    const edited = edit((document) => document.setIn(['price', 'colour'], 'red'));
    expect(problemsOf(edited)).toEqual([
      `  content/workshop.yaml:${lineOf(edited, 'colour: red')} price: unknown field "colour" (check the spelling; unknown fields are not allowed)`,
    ]);
  });

  it('a missing field says it is required', () => {
    const edited = edit((document) => document.deleteIn(['price', 'heading']));
    const [problem] = problemsOf(edited);
    expect(problem).toMatch(
      /^ {2}content\/workshop\.yaml:\d+ price\.heading: expected text, got nothing/,
    );
  });

  it('an empty line says what it got once', () => {
    const edited = edit((document) => document.setIn(['price', 'heading'], ''));
    expect(problemsOf(edited)).toEqual([
      `  content/workshop.yaml:${lineOf(edited, 'heading: ""')} price.heading: expected text, got an empty string`,
    ]);
  });

  it('a price that is not a number, and an unknown currency', () => {
    const edited = edit((document) => {
      document.setIn(['sessions', 0, 'price', 'amount'], 'forty-nine');
      document.setIn(['sessions', 0, 'price', 'currency'], 'BTC');
    });
    expect(problemsOf(edited)).toEqual([
      `  content/workshop.yaml:${lineOf(edited, 'forty-nine')} sessions[0].price.amount: expected a number, got "forty-nine"`,
      `  content/workshop.yaml:${lineOf(edited, 'BTC')} sessions[0].price.currency: expected GBP, USD or EUR, got "BTC"`,
    ]);
  });

  it('an image without alt text, and one that is not a picture file', () => {
    const edited = edit((document) => {
      document.deleteIn(['faq', 'image', 'alt']);
      document.setIn(['testimonials', 'items', 0, 'photo', 'src'], 'people/tom.gif');
    });
    const problems = problemsOf(edited);
    expect(problems).toContainEqual(
      `  content/workshop.yaml:${lineOf(edited, 'people/tom.gif')} testimonials.items[0].photo.src: expected the name of a .jpg, .png or .svg file in content/images/, got "people/tom.gif"`,
    );
    expect(problems.some((line) => /faq\.image\.alt: expected alt text/.test(line))).toBe(true);
  });

  it('a fact the site does not know', () => {
    const edited = edit((document) =>
      document.setIn(['price', 'priceLine'], 'Only {workshopPirce}'),
    );
    const [problem] = problemsOf(edited);
    expect(problem).toContain(
      `content/workshop.yaml:${lineOf(edited, 'workshopPirce')} price.priceLine: unknown fact "{workshopPirce}"`,
    );
  });

  it('YAML that does not parse', () => {
    const edited = `${workshop}\nhero: [unclosed\n`;
    const [problem] = problemsOf(edited);
    expect(problem).toMatch(/^ {2}content\/workshop\.yaml:\d+: not valid YAML: /);
  });
});

describe('a legal text saved by the content editor', () => {
  const privacy = readFileSync(
    resolve(import.meta.dirname, '../../content/legal/privacy.md'),
    'utf8',
  );

  it('reads a percent-encoded fact in a link address as the fact', () => {
    expect(privacy).toContain('(mailto:{privacyEmail})');
    const saved = privacy.replaceAll('(mailto:{privacyEmail})', '(mailto:%7BprivacyEmail%7D)');
    const checked = checkContentFile('privacy', saved);
    expect('value' in checked && checked.value.body).toContain('(mailto:{privacyEmail})');
  });
});
