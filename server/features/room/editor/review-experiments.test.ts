import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseDocument } from 'yaml';
import { buildPaths } from '../../../build-paths';
import { reviewSaveIn } from './fixture';

/**
 * A save is checked against the experiments (content/experiments.yaml) as it would leave the
 * content: an experiment on a field its page does not have, or a page deleted while an experiment
 * tests it, is refused with the file, line and field, and the editor's place of the field.
 */
const contentDir = mkdtempSync(join(tmpdir(), 'review-experiments-'));
cpSync(join(buildPaths.root, 'content'), contentDir, { recursive: true });
afterAll(() => rmSync(contentDir, { recursive: true, force: true }));

const experiments = readFileSync(join(contentDir, 'experiments.yaml'), 'utf8');
const press = readFileSync(join(contentDir, 'pages/press.yaml'), 'utf8');
const home = parseDocument(readFileSync(join(contentDir, 'home.yaml'), 'utf8')).toJS();

function edited(text: string, ...edits: Array<[Array<string | number>, unknown]>): string {
  const document = parseDocument(text);
  for (const [path, value] of edits) document.setIn(path, value);
  return String(document);
}

/** The press kit with a newsletter sign-up at its end: a page an experiment can measure. */
const pressWithSignUp = (() => {
  const document = parseDocument(press);
  document.addIn(['blocks'], {
    discriminant: 'signUp',
    value: { ...home.newsletter, list: 'newsletter' },
  });
  return String(document);
})();

const onPress = edited(
  experiments,
  [['experiments', 0, 'page'], 'pages/press'],
  [['experiments', 0, 'variants', 0, 'changes', 0, 'field'], 'blocks.0.value.heading'],
);

const review = reviewSaveIn(contentDir);

describe('saving an experiment', () => {
  it('writes a variant with new words', async () => {
    const text = edited(experiments, [
      ['experiments', 0, 'variants', 0, 'changes', 0, 'text'],
      'Read it before anyone else',
    ]);
    const result = await review([{ path: 'experiments.yaml', text }]);
    expect('update' in result && result.update.additions.map(({ path }) => path)).toEqual([
      'experiments.yaml',
    ]);
  });

  it('refuses a change to a field the page does not have, saying where in the editor', async () => {
    const text = edited(experiments, [
      ['experiments', 0, 'variants', 0, 'changes', 0, 'field'],
      'hero.headline',
    ]);
    const result = await review([{ path: 'experiments.yaml', text }]);
    expect(result).toEqual({
      status: 422,
      problem: [
        'Not saved: the site would not build with this content.',
        '  content/experiments.yaml:15 experiments[0].variants[0].changes[0].field: the page has no field "hero.headline" (in the editor: Experiments › Experiments › item 1 › Variants › item 1 › Changes › item 1 › Field)',
      ].join('\n'),
    });
  });

  it("tests one of the owner's pages made in the same save", async () => {
    const result = await review([
      { path: 'pages/press.yaml', text: pressWithSignUp },
      { path: 'experiments.yaml', text: onPress },
    ]);
    expect('update' in result && result.update.additions.map(({ path }) => path)).toEqual([
      'pages/press.yaml',
      'experiments.yaml',
    ]);
  });

  it('refuses to delete a page an experiment tests', async () => {
    writeFileSync(join(contentDir, 'pages/press.yaml'), pressWithSignUp);
    writeFileSync(join(contentDir, 'experiments.yaml'), onPress);
    const result = await review([], ['pages/press.yaml']);
    const problem = 'problem' in result ? result.problem : '';
    expect(problem).toContain('Not saved: the site would not build with this content.');
    expect(problem).toContain(
      'content/experiments.yaml:8 experiments[0].page: expected a page: one of home, waitlist',
    );
  });
});
