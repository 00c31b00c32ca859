import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseDocument } from 'yaml';
import { withChanges } from './experiments';
import type { Content } from './index';
import { checkContentFile, experimentsProblems, formatProblem, loadContent } from './load';

/**
 * An experiment (content/experiments.yaml) is refused, with the file, line and field, wherever the
 * server could not run it as written: shares that do not make 100, a page that does not exist or
 * has nothing to measure, a goal the page cannot be measured by, a change to a field the page
 * does not have or that its own schema refuses, two experiments on one page at once.
 */
const contentDir = resolve(import.meta.dirname, '../../content');
const content = await loadContent(contentDir);
const sample = await readFile(join(contentDir, 'experiments.yaml'), 'utf8');

/** The sample file with each `[path, value]` set (a field of the file, as the yaml library walks it). */
function edited(...edits: Array<[Array<string | number>, unknown]>): string {
  const document = parseDocument(sample);
  for (const [path, value] of edits) document.setIn(path, value);
  return String(document);
}

function problemsOf(text: string, base: Content = content): string[] {
  const checked = checkContentFile('experiments', text);
  if ('problems' in checked) return checked.problems.map(formatProblem);
  return experimentsProblems({ ...base, experiments: checked.value }, text).map(formatProblem);
}

const first = ['experiments', 0];
const variant = [...first, 'variants', 0];
const change = [...variant, 'changes', 0];

describe('the experiments file', () => {
  it('the sample experiment fits, as written', () => {
    expect(problemsOf(sample)).toEqual([]);
    expect(content.experiments.experiments.map(({ name }) => name)).toEqual(['waitlist-headline']);
  });

  it("refuses shares that do not add up to 100, at the control's share", () => {
    expect(problemsOf(edited([[...first, 'controlShare'], 60]))).toEqual([
      "  content/experiments.yaml:10 experiments[0].controlShare: expected the control's and the variants' shares to add up to 100, not 110",
    ]);
  });

  it('refuses a variant named "control", and one name twice', () => {
    expect(problemsOf(edited([[...variant, 'name'], 'control']))).toEqual([
      '  content/experiments.yaml:12 experiments[0].variants[0].name: "control" is the page as it is: name the variant otherwise',
    ]);
    const twice = parseDocument(sample);
    const experiment = twice.getIn(first) as { toJSON(): unknown };
    twice.addIn(['experiments'], experiment.toJSON());
    expect(problemsOf(String(twice))).toEqual([
      '  content/experiments.yaml:18 experiments[1].name: expected each experiment\'s name once: "waitlist-headline" is already an experiment',
    ]);
  });

  it('refuses an end before the start', () => {
    expect(
      problemsOf(
        edited(
          [[...first, 'start'], '2027-02-01T00:00:00+00:00'],
          [[...first, 'end'], '2027-01-01T00:00:00+00:00'],
        ),
      ),
    ).toEqual([
      '  content/experiments.yaml:19 experiments[0].end: expected the end after the start',
    ]);
  });

  it('refuses a page that does not exist, naming those that do, and one with nothing to test', () => {
    expect(problemsOf(edited([[...first, 'page'], 'pricing']))).toEqual([
      '  content/experiments.yaml:8 experiments[0].page: expected a page: one of home, waitlist, book, thank-you, handbook, workshop, cohort, cohort-apply, or one of your pages as pages/<name> (pages/press)',
    ]);
    expect(problemsOf(edited([[...first, 'page'], 'privacy']))).toEqual([
      '  content/experiments.yaml:8 experiments[0].page: "privacy" has nothing to test: choose one of home, waitlist, book, thank-you, handbook, workshop, cohort, cohort-apply or one of your pages',
    ]);
  });

  it('refuses a goal it cannot count', () => {
    expect(problemsOf(edited([[...first, 'goal'], 'refunds']))).toEqual([
      '  content/experiments.yaml:9 experiments[0].goal: expected one of the goals: signUps, checkouts, sales, applications, got "refunds"',
    ]);
    // The waitlist page has a form and no checkout.
    expect(problemsOf(edited([[...first, 'goal'], 'sales']))).toEqual([
      '  content/experiments.yaml:9 experiments[0].goal: "waitlist" cannot be measured by sales: choose signUps',
    ]);
  });

  it('refuses a change to a field the page does not have, or to one that is not a text', () => {
    expect(problemsOf(edited([[...change, 'field'], 'hero.headline']))).toEqual([
      '  content/experiments.yaml:15 experiments[0].variants[0].changes[0].field: the page has no field "hero.headline"',
    ]);
    expect(problemsOf(edited([[...change, 'field'], 'hero.copy']))).toEqual([
      '  content/experiments.yaml:15 experiments[0].variants[0].changes[0].field: "hero.copy" is not a text of the page: name one of its words, such as a heading',
    ]);
    expect(problemsOf(edited([[...change, 'field'], 'hero..heading']))).toEqual([
      '  content/experiments.yaml:15 experiments[0].variants[0].changes[0].field: expected a field of the page\'s content, such as "hero.heading", got "hero..heading"',
    ]);
  });

  it("refuses a change the page's own schema refuses, saying why", () => {
    expect(problemsOf(edited([[...change, 'text'], 'Two\nlines']))).toEqual([
      '  content/experiments.yaml:15 experiments[0].variants[0].changes: the page would not build with this variant: hero.heading: expected one line of text, got line breaks',
    ]);
  });

  it("tests one of the owner's pages by its blocks' place, measured by what its blocks have", () => {
    const text = edited(
      [[...first, 'page'], 'pages/press'],
      [[...change, 'field'], 'blocks.0.value.heading'],
    );
    expect(problemsOf(text)).toEqual([
      '  content/experiments.yaml:9 experiments[0].goal: "pages/press" has no sign-up form or checkout to measure',
    ]);
    const press = content.pages.press;
    if (!press) throw new Error('the sample content has no press page');
    const withSignUp: Content = {
      ...content,
      pages: {
        press: {
          ...press,
          blocks: [
            ...press.blocks,
            {
              discriminant: 'signUp',
              value: { ...content.home.newsletter, list: 'newsletter' },
            },
          ],
        },
      },
    };
    expect(problemsOf(text, withSignUp)).toEqual([]);
  });

  it('measures the cohort’s page and its application page by the applications sent, while it takes them', () => {
    const on = (page: string, field: string, goal = 'applications', base = content) =>
      problemsOf(
        edited(
          [[...first, 'page'], page],
          [[...first, 'goal'], goal],
          [[...change, 'field'], field],
        ),
        base,
      );
    expect(content.cohort.admission).toBe('application');
    expect(on('cohort', 'hero.heading')).toEqual([]);
    expect(on('cohort-apply', 'application.kicker')).toEqual([]);
    expect(on('cohort', 'hero.heading', 'signUps')).toEqual([
      '  content/experiments.yaml:9 experiments[0].goal: "cohort" cannot be measured by signUps: choose applications',
    ]);
    // By call, the cohort takes no application, and the application page is not there.
    const byCall = { ...content, cohort: { ...content.cohort, admission: 'call' as const } };
    expect(on('cohort', 'hero.heading', 'applications', byCall)).toEqual([
      '  content/experiments.yaml:9 experiments[0].goal: "cohort" has no sign-up form or checkout to measure',
    ]);
    expect(on('cohort-apply', 'application.kicker', 'applications', byCall)).toEqual([
      '  content/experiments.yaml:8 experiments[0].page: "cohort-apply" is there only while the cohort takes applications (admission: application in content/cohort.yaml)',
    ]);
  });

  it('lets two experiments on one page follow each other', () => {
    const twice = parseDocument(
      edited(
        [[...first, 'start'], '2027-01-01T00:00:00+00:00'],
        [[...first, 'end'], '2027-02-01T00:00:00+00:00'],
      ),
    );
    const next = twice.getIn(first) as { toJSON(): Record<string, unknown> };
    twice.addIn(['experiments'], {
      ...next.toJSON(),
      name: 'waitlist-headline-2',
      start: '2027-02-01T00:00:00+00:00',
      end: '2027-03-01T00:00:00+00:00',
    });
    expect(problemsOf(String(twice))).toEqual([]);
  });
});

describe('a variant of a page', () => {
  it("is the page's content with the variant's texts, the content itself untouched", () => {
    const changed = withChanges(content.waitlist, [
      { field: 'hero.heading', text: 'Be the first to read it' },
      { field: 'hero.sub', text: 'A new sub line.' },
    ]);
    expect(changed.hero.heading).toBe('Be the first to read it');
    expect(changed.hero.sub).toBe('A new sub line.');
    expect(changed.hero.trustLine).toBe(content.waitlist.hero.trustLine);
    expect(content.waitlist.hero.heading).not.toBe('Be the first to read it');
  });

  it("hides and moves an owner's page's blocks, after its texts are changed in place", () => {
    const press = content.pages.press;
    if (!press) throw new Error('the sample content has no press page');
    const kinds = (page: typeof press) => page.blocks.map(({ discriminant }) => discriminant);
    expect(kinds(press)).toEqual(['hero', 'text', 'list', 'testimonials', 'faq', 'enquiry']);
    const changed = withChanges(press, [
      { field: 'blocks.0.value.heading', text: 'Press, in one page' },
      { field: 'blocks.1', block: 'hide' },
      { field: 'blocks.5', block: 'move', moveTo: 1 },
      { field: 'blocks.2', block: 'move', moveTo: 99 },
    ]);
    expect(kinds(changed)).toEqual(['hero', 'enquiry', 'testimonials', 'faq', 'list']);
    expect(changed.blocks[0]?.value).toMatchObject({ heading: 'Press, in one page' });
    expect(kinds(press)).toHaveLength(6);
  });
});

describe("a variant that hides or moves one of an owner's page's blocks", () => {
  const press = content.pages.press;
  if (!press) throw new Error('the sample content has no press page');
  const withSignUp: Content = {
    ...content,
    pages: {
      press: {
        ...press,
        blocks: [
          ...press.blocks,
          { discriminant: 'signUp', value: { ...content.home.newsletter, list: 'newsletter' } },
        ],
      },
    },
  };
  const onPress = (...changes: unknown[]) =>
    problemsOf(
      edited([[...first, 'page'], 'pages/press'], [[...variant, 'changes'], changes]),
      withSignUp,
    );

  it('fits when it names a block after the hero', () => {
    expect(
      onPress(
        { field: 'blocks.3', block: 'hide' },
        { field: 'blocks.6', block: 'move', moveTo: 1 },
      ),
    ).toEqual([]);
  });

  it('is refused where the page would lose its hero or has no such block, or says two things at once', () => {
    expect(onPress({ field: 'blocks.0', block: 'hide' })).toEqual([
      expect.stringMatching(
        /^ {2}content\/experiments\.yaml:\d+ experiments\[0\]\.variants\[0\]\.changes: the page would not build with this variant: /,
      ),
    ]);
    expect(onPress({ field: 'blocks.9', block: 'hide' })).toEqual([
      expect.stringContaining('changes[0].field: the page has no block "blocks.9"'),
    ]);
    expect(onPress({ field: 'blocks.2.value.heading', block: 'hide' })).toEqual([
      expect.stringContaining(
        'changes[0].field: expected a block, such as "blocks.2", to hide or move',
      ),
    ]);
    expect(onPress({ field: 'blocks.2', block: 'hide', text: 'Both' })).toEqual([
      expect.stringContaining(
        'changes[0].text: expected a text, or a block to hide or move, not both',
      ),
    ]);
    expect(onPress({ field: 'blocks.2' })).toEqual([
      expect.stringContaining(
        'changes[0].text: expected a text, or a block to hide or move, not both',
      ),
    ]);
    expect(onPress({ field: 'blocks.2', block: 'move' })).toEqual([
      expect.stringContaining(
        'changes[0].moveTo: expected "move to" with a block moved, and only then',
      ),
    ]);
    expect(onPress({ field: 'blocks.2', block: 'hide', moveTo: 2 })).toEqual([
      expect.stringContaining(
        'changes[0].moveTo: expected "move to" with a block moved, and only then',
      ),
    ]);
  });

  it('is refused on a seed page, which has no blocks', () => {
    expect(
      problemsOf(
        edited([[change[0] as string, ...change.slice(1)], { field: 'hero', block: 'hide' }]),
      ),
    ).toEqual([expect.stringContaining('expected a block, such as "blocks.2", to hide or move')]);
    expect(problemsOf(edited([change, { field: 'blocks.1', block: 'hide' }]))).toEqual([
      expect.stringContaining('changes[0].field: the page has no block "blocks.1"'),
    ]);
  });
});
