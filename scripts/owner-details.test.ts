import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { contentDir } from './content-dir';
import { ownerDetailsReport } from './owner-details';

const copy = mkdtempSync(join(tmpdir(), 'owner-details-'));
cpSync(contentDir, copy, { recursive: true });
afterAll(() => rmSync(copy, { recursive: true, force: true }));

describe('the reminder of the details only the owner can give', () => {
  it('names each with its file and line', async () => {
    const terms = join(copy, 'legal/terms.md');
    writeFileSync(terms, `${readFileSync(terms, 'utf8')}\nCall [[Owner: a phone number]].\n`);
    const lines = readFileSync(terms, 'utf8').split('\n');
    const report = await ownerDetailsReport(copy);
    expect(report).toContain(`content/legal/terms.md:${lines.length - 1} a phone number`);
  });

  it('says nothing once every detail is given', async () => {
    for (const name of ['terms', 'privacy', 'cookies']) {
      const file = join(copy, `legal/${name}.md`);
      writeFileSync(file, readFileSync(file, 'utf8').replace(/\[\[Owner: [^\]]+\]\]/g, 'Given'));
    }
    expect(await ownerDetailsReport(copy)).toBeNull();
  });
});
