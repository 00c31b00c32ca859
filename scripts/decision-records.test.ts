import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The decision records (docs/decisions/) follow the template their index describes, and the index
 * lists every one: a record written without them is found here, not by the next reader.
 */
const folder = join(import.meta.dirname, '../docs/decisions');
const records = readdirSync(folder).filter((file) => /^\d{3}-.+\.md$/.test(file));
const index = readFileSync(join(folder, 'README.md'), 'utf8');

describe('decision records', () => {
  it('are there, numbered one after another', () => {
    expect(records.length).toBeGreaterThan(0);
    expect(records.map((file) => Number(file.slice(0, 3)))).toEqual(records.map((_, at) => at + 1));
  });

  it.each(records)(
    '%s follows the template: title, status, date, context, decision, consequences',
    (file) => {
      const text = readFileSync(join(folder, file), 'utf8');
      expect(text).toMatch(new RegExp(`^# ${file.slice(0, 3)} — \\S`));
      expect(text).toMatch(/^Status: \S/m);
      expect(text).toMatch(/^Date: \d{4}-\d{2}-\d{2}$/m);
      const sections = [...text.matchAll(/^## (.+)$/gm)].map(([, heading]) => heading ?? '');
      const order = ['Context', 'Decision', 'Consequences'].map((name) =>
        sections.findIndex((heading) => heading === name || heading.startsWith(`${name} `)),
      );
      expect(order, `sections of ${file}: ${sections.join(', ')}`).not.toContain(-1);
      expect([...order].sort((a, b) => a - b)).toEqual(order);
    },
  );

  it.each(records)('%s is in the index', (file) => {
    expect(index).toContain(`[${file.slice(0, 3)}](${file})`);
  });
});
