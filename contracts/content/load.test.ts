import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseDocument } from 'yaml';
import { postFile } from './index';
import { checkContentFile, checkFile, formatProblem } from './load';

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

describe('a control character in the words', () => {
  // As a post's file holds them: pasted from elsewhere, invisible in most editors.
  const hostile = [
    '---',
    'title: "Profit\\a & loss"',
    'description: "One line.\\nAnd\\e another."',
    'date: "2026-11-22T07:00:00+00:00"',
    '---',
    'A first paragraph.',
    '',
    'A second,\twith a tab, and a form feed\f here.',
    '',
  ].join('\n');

  it('names the file, the line and the field, and the character and where it is', () => {
    const checked = checkFile(postFile('hostile'), hostile);
    expect('problems' in checked ? checked.problems.map(formatProblem) : []).toEqual([
      '  content/posts/hostile.md:2 title: expected text without control characters (a tab is fine), found U+0007 at character 7',
      '  content/posts/hostile.md:3 description: expected text without control characters (a tab and line breaks are fine), found U+001B on line 2 of the text, at character 4',
      '  content/posts/hostile.md:8 body: expected text without control characters (a tab and line breaks are fine), found U+000C on line 3 of the text, at character 38',
    ]);
  });

  it('in a legal page’s text, at its line in the file', () => {
    const privacy = readFileSync(
      resolve(import.meta.dirname, '../../content/legal/privacy.md'),
      'utf8',
    );
    const lines = privacy.split('\n');
    const at = lines.findIndex((text, index) => index > 5 && /^[A-Z]/.test(text));
    lines[at] = `${lines[at]}\u0000`;
    const checked = checkContentFile('privacy', lines.join('\n'));
    const problems = 'problems' in checked ? checked.problems.map(formatProblem) : [];
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(
      new RegExp(
        `^ {2}content/legal/privacy\\.md:${at + 1} body: expected text without control characters .*found U\\+0000`,
      ),
    );
  });
});
