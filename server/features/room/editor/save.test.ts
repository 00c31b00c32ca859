import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { contentFiles } from '../../../../contracts/content';
import { buildPaths } from '../../../build-paths';
import { everythingYaml, fixtureFiles, termsMarkdown } from './fixture';
import { mergeIntoFile, prepareSave } from './save';

/** YAML as the editor sends it: re-wrapped, comments gone (only its data matters here). */
async function keystaticYaml(value: unknown): Promise<string> {
  return stringify(value, { lineWidth: 80 });
}

/** The lines that differ between two texts. */
function changedLines(before: string, after: string): [string | undefined, string | undefined][] {
  const a = before.split('\n');
  const b = after.split('\n');
  const changed: [string | undefined, string | undefined][] = [];
  for (let index = 0; index < Math.max(a.length, b.length); index++) {
    if (a[index] !== b[index]) changed.push([a[index], b[index]]);
  }
  return changed;
}

const everything = fixtureFiles.everything;
const workshopEntry = { name: 'workshop', file: contentFiles.workshop };
const data = () => parse(everythingYaml) as Record<string, unknown>;

describe('a save from the editor keeps the owner’s file', () => {
  it('nothing changed: the file stays as it is, comments and wrapping included', async () => {
    const saved = await keystaticYaml(data());
    expect(mergeIntoFile(everything, saved, everythingYaml)).toBe(everythingYaml);
  });

  it('one value changed: one line changes', async () => {
    const saved = await keystaticYaml({ ...data(), title: 'Another title' });
    const merged = mergeIntoFile(everything, saved, everythingYaml);
    expect(changedLines(everythingYaml, merged)).toEqual([
      ['title: A title', 'title: Another title'],
    ]);
  });

  it('a changed paragraph is written folded, as it was', async () => {
    const intro =
      'A new paragraph: long enough that it has to be folded over two lines in the file, as the owner wrote the old one.';
    const saved = await keystaticYaml({ ...data(), intro });
    const merged = mergeIntoFile(everything, saved, everythingYaml);
    expect(parse(merged).intro).toBe(intro);
    expect(merged).toContain('intro: >-\n  A new paragraph');
    expect(merged.split('\n').every((line) => line.length <= 100)).toBe(true);
  });

  it('a date-time keeps its offset when the editor shows it in UTC; it is quoted from then on', async () => {
    // Written by hand, unquoted: js-yaml reads a Date, the editor shows the instant in UTC.
    const handWritten = everythingYaml.replace(
      '"2027-04-22T18:00:00+01:00"',
      '2027-04-22T18:00:00+01:00',
    );
    const saved = await keystaticYaml({ ...data(), starts: '2027-04-22T17:00:00Z' });
    const merged = mergeIntoFile(everything, saved, handWritten);
    expect(changedLines(handWritten, merged)).toEqual([
      ['starts: 2027-04-22T18:00:00+01:00', 'starts: "2027-04-22T18:00:00+01:00"'],
    ]);
    const moved = await keystaticYaml({ ...data(), starts: '2027-04-22T19:30:00+01:00' });
    expect(parse(mergeIntoFile(everything, moved, handWritten)).starts).toBe(
      '2027-04-22T19:30:00+01:00',
    );
  });

  it('a day Keystatic writes as a date stays a day', async () => {
    const saved = (await keystaticYaml({ ...data(), day: new Date('2027-05-06') })).replace(
      /day: .*/,
      'day: 2027-05-06',
    );
    const merged = mergeIntoFile(everything, saved, everythingYaml);
    expect(changedLines(everythingYaml, merged)).toEqual([['day: 2027-03-04', 'day: 2027-05-06']]);
  });

  it('empty optional groups are left out, not written as {}', async () => {
    const saved = `${await keystaticYaml(data())}logo: {}\nbadge: {}\n`;
    expect(mergeIntoFile(everything, saved, everythingYaml)).toBe(everythingYaml);
  });

  it('an added item or field: the rest of the file, comments too, stays', async () => {
    const value = data();
    const people = [...(value.people as object[]), { name: 'Cy', role: 'Adviser' }];
    const saved = await keystaticYaml({ ...value, people, note: 'A note' });
    const merged = mergeIntoFile(everything, saved, everythingYaml);
    expect(parse(merged)).toEqual({ ...value, people, note: 'A note' });
    expect(merged).toContain('# A comment the owner wrote.');
    expect(merged).toContain('role: Chair # no photo');
    expect(merged).toContain('starts: "2027-04-22T18:00:00+01:00"');
  });

  it('a removed item: the others stay as they were', async () => {
    const value = data();
    const saved = await keystaticYaml({ ...value, people: (value.people as object[]).slice(0, 1) });
    const merged = mergeIntoFile(everything, saved, everythingYaml);
    expect(parse(merged).people).toEqual([(value.people as object[])[0]]);
    expect(merged).toContain('# A comment the owner wrote.');
  });

  it('a new file is written plainly, date-times quoted', async () => {
    const saved = await keystaticYaml({ ...data(), starts: '2027-04-22T18:00:00+01:00' });
    const merged = mergeIntoFile(everything, saved, undefined);
    expect(parse(merged)).toEqual({ ...data(), starts: '2027-04-22T18:00:00+01:00' });
    expect(merged).toContain('starts: "2027-04-22T18:00:00+01:00"');
  });

  it('Markdown: the front matter is kept as written, the text is Keystatic’s', () => {
    const saved = '---\ntitle: Terms\nupdated: 2026-01-05\n---\n# Terms\n\nNew words.\n';
    const merged = mergeIntoFile(fixtureFiles.terms, saved, termsMarkdown);
    expect(merged).toBe('---\ntitle: Terms\nupdated: 2026-01-05\n---\n# Terms\n\nNew words.\n');
    const retitled = mergeIntoFile(
      fixtureFiles.terms,
      '---\ntitle: Terms of sale\nupdated: 2026-01-05\n---\nText\n',
      termsMarkdown,
    );
    expect(retitled).toBe('---\ntitle: Terms of sale\nupdated: 2026-01-05\n---\nText\n');
  });
});

describe('a save the build would refuse is refused', () => {
  const workshop = readFileSync(join(buildPaths.root, 'content/workshop.yaml'), 'utf8');

  it('the real file saved unchanged is accepted; only its date-times get quotes', async () => {
    const saved = await keystaticYaml(parse(workshop));
    const result = prepareSave(workshopEntry, saved, workshop);
    if (!('text' in result)) throw new Error(result.problems);
    expect(
      changedLines(workshop, result.text).every(
        ([before, after]) => before?.replace(/(\d{4}-\d\d-\d\dT\S+)/, '"$1"') === after,
      ),
    ).toBe(true);
    expect(parse(result.text)).toEqual(parse(workshop));
  });

  it('names the file, line and field in the build’s words', async () => {
    const value = parse(workshop);
    value.hero.cta = 'Pay {workshopPirce}';
    const result = prepareSave(workshopEntry, await keystaticYaml(value), workshop);
    expect(result).toEqual({
      problems: expect.stringContaining('hero.cta: unknown fact "{workshopPirce}"'),
    });
    expect(result).toEqual({
      problems: expect.stringMatching(/^Not saved: .*\n {2}content\/workshop\.yaml:\d+ hero\.cta/),
    });
  });

  it('names the field as the editor labels it, through lists and groups', async () => {
    const value = parse(workshop);
    value.sessions[0].start = '22/09/2025';
    value.price.colour = 'red';
    const result = prepareSave(workshopEntry, await keystaticYaml(value), workshop);
    if ('text' in result) throw new Error('saved');
    expect(result.problems).toContain(
      'sessions[0].start: expected a date-time with a UTC offset (2026-12-10T18:00:00+00:00), got "22/09/2025" (in the editor: Workshop › Sessions › item 1 › Start)',
    );
    // An unknown field is named at the group it is in, which is where the editor shows it.
    expect(result.problems).toMatch(
      /price: unknown field "colour" .*\(in the editor: Workshop › Price\)$/m,
    );
  });

  it('a group filled in halfway: what is missing', async () => {
    const value = parse(workshop);
    value.card.art = { src: 'portrait.svg' };
    const result = prepareSave(workshopEntry, await keystaticYaml(value), workshop);
    expect(result).toEqual({
      problems: expect.stringContaining('card.art.alt: expected alt text'),
    });
  });

  it('YAML that cannot be read', () => {
    expect(prepareSave(workshopEntry, 'a: [', workshop)).toEqual({
      problems: expect.stringContaining('cannot be read'),
    });
  });
});

describe('a save of the application’s questions, kinds written flat', () => {
  const cohortEntry = { name: 'cohort', file: contentFiles.cohort };
  const current = readFileSync(join(buildPaths.root, 'content/cohort.yaml'), 'utf8');
  const asSaved = () => parse(current) as { application: { questions: Record<string, unknown>[] } };

  /** Every question as the editor writes it: each field any kind has, the others' left empty. */
  function withEveryField(question: Record<string, unknown>) {
    return {
      options: [],
      required: true,
      integer: true,
      ...question,
    };
  }

  it('the fields of the other kinds go; the questions read as the site reads them', async () => {
    const data = asSaved();
    data.application.questions = data.application.questions.map(withEveryField);
    const saved = prepareSave(cohortEntry, await keystaticYaml(data), current);
    if (!('text' in saved)) throw new Error(saved.problems);
    const questions = (parse(saved.text) as ReturnType<typeof asSaved>).application.questions;
    const kindsWith = (key: string) =>
      questions.filter((question) => key in question).map(({ type }) => type);
    expect(kindsWith('options')).toEqual(['choice', 'choices']);
    expect(kindsWith('integer')).toEqual(['number']);
    expect(kindsWith('required')).toHaveLength(questions.length);
    expect(questions.map(({ id }) => id)).toEqual(
      asSaved().application.questions.map(({ id }) => id),
    );
  });

  it('a field no kind has stays, for the build to name it', async () => {
    const data = asSaved();
    data.application.questions = [
      { ...withEveryField(data.application.questions[0] ?? {}), colour: 'red' },
      ...data.application.questions.slice(1),
    ];
    const saved = prepareSave(cohortEntry, await keystaticYaml(data), current);
    expect('problems' in saved && saved.problems).toMatch(
      /application\.questions\[0\]: unknown field "colour"/,
    );
  });
});
