import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseDocument, stringify } from 'yaml';
import { pageFile } from './index';
import {
  checkContentFile,
  checkFile,
  formatProblem,
  InvalidContentError,
  loadContent,
} from './load';

/**
 * A session's name is one session wherever it is written (contracts/content/session-names.ts):
 * the build refuses a name twice in one list, and the same name sold in two files with another
 * start, price or seats, naming the file, line and field of the one at fault.
 */
const contentDir = resolve(import.meta.dirname, '../../content');
const workshopText = readFileSync(join(contentDir, 'workshop.yaml'), 'utf8');
const lineOf = (text: string, needle: string) =>
  text.split('\n').findIndex((line) => line.includes(needle)) + 1;

const [december] = (
  parseDocument(workshopText).toJS() as { sessions: Array<Record<string, unknown>> }
).sessions;

/** A page selling `sessions` through a checkout block, as the owner would write it. */
function sellingPage(path: string, sessions: unknown[]): string {
  const workshop = parseDocument(workshopText).toJS() as Record<string, unknown>;
  return stringify({
    name: `Masterclass ${path}`,
    site: 'main',
    path,
    meta: { title: 'Masterclass', description: 'A masterclass.' },
    blocks: [
      { discriminant: 'hero', value: { heading: 'Masterclass' } },
      {
        discriminant: 'checkout',
        value: { sessions, price: workshop.price, nextDate: workshop.nextDate },
      },
    ],
  });
}

/** The repository's content, copied, with these files written over it. */
async function problemsWith(files: Record<string, string>): Promise<string[]> {
  const dir = mkdtempSync(join(tmpdir(), 'session-names-'));
  cpSync(contentDir, dir, { recursive: true });
  for (const [path, text] of Object.entries(files)) writeFileSync(join(dir, path), text);
  try {
    await loadContent(dir);
    return [];
  } catch (error) {
    if (!(error instanceof InvalidContentError)) throw error;
    return error.problems.map(formatProblem);
  }
}

describe('the names of the workshop’s sessions', () => {
  it('refuses a name twice in one list, at the second, in the workshop and on a page', () => {
    const twice = parseDocument(workshopText);
    twice.setIn(['sessions', 1, 'id'], december?.id);
    const text = String(twice);
    const checked = checkContentFile('workshop', text);
    expect('problems' in checked ? checked.problems.map(formatProblem) : []).toEqual([
      `  content/workshop.yaml:${text.split('\n').findLastIndex((line) => line.includes(`id: ${december?.id}`)) + 1} sessions[1].id: expected each session's name once: "${december?.id}" is already the name of session 1 of this list`,
    ]);
    const page = sellingPage('/masterclass', [{ ...december }, { ...december }]);
    const onPage = checkFile(pageFile('masterclass'), page);
    expect('problems' in onPage ? onPage.problems.map(formatProblem) : []).toEqual([
      `  content/pages/masterclass.yaml:${page.split('\n').findLastIndex((line) => line.includes(`id: ${december?.id}`)) + 1} blocks[1].value.sessions[1].id: expected each session's name once: "${december?.id}" is already the name of session 1 of this list`,
    ]);
  });

  it('refuses the same name on a page with other seats, at the page’s line of them', async () => {
    const page = sellingPage('/masterclass', [{ ...december, seats: 12 }]);
    expect(await problemsWith({ 'pages/masterclass.yaml': page })).toEqual([
      `  content/pages/masterclass.yaml:${lineOf(page, 'seats: 12')} blocks[1].value.sessions[0].seats: expected ${december?.seats} seats, as the session "${december?.id}" has in content/workshop.yaml: the same name is the same session`,
    ]);
  });

  it('refuses another start or price under the same name, page against page', async () => {
    const first = sellingPage('/a', [{ ...december, id: 'masterclass-one', seats: 10 }]);
    const moved = sellingPage('/b', [
      { ...december, id: 'masterclass-one', seats: 10, start: '2026-12-11T18:00:00+00:00' },
    ]);
    const dearer = sellingPage('/c', [
      { ...december, id: 'masterclass-one', seats: 10, price: { amount: 99, currency: 'GBP' } },
    ]);
    expect(
      await problemsWith({
        'pages/a.yaml': first,
        'pages/b.yaml': moved,
        'pages/c.yaml': dearer,
      }),
    ).toEqual([
      `  content/pages/b.yaml:${lineOf(moved, 'start:')} blocks[1].value.sessions[0].start: expected ${december?.start}, as the session "masterclass-one" has in content/pages/a.yaml: the same name is the same session`,
      `  content/pages/c.yaml:${lineOf(dearer, 'amount: 99')} blocks[1].value.sessions[0].price: expected 49 GBP, as the session "masterclass-one" has in content/pages/a.yaml: the same name is the same session`,
    ]);
  });

  it('takes the same session sold in two places, its start written with another offset', async () => {
    const start = new Date(Date.parse(String(december?.start))).toISOString();
    const page = sellingPage('/masterclass', [{ ...december, start }]);
    expect(await problemsWith({ 'pages/masterclass.yaml': page })).toEqual([]);
  });
});
