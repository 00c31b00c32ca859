import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ensureWorkingCopy } from './working-copy';

describe('the owner’s working copy', () => {
  it('is seeded from the repository’s content once, and the owner’s edits survive a restart', async () => {
    const seed = await mkdtemp(join(tmpdir(), 'seed-'));
    const data = await mkdtemp(join(tmpdir(), 'data-'));
    await writeFile(join(seed, 'site.yaml'), 'founder: A\n');

    const dir = await ensureWorkingCopy(data, seed);
    expect(await readFile(join(dir, 'site.yaml'), 'utf8')).toBe('founder: A\n');

    await writeFile(join(dir, 'site.yaml'), 'founder: B\n');
    await writeFile(join(seed, 'site.yaml'), 'founder: C\n');
    expect(await ensureWorkingCopy(data, seed)).toBe(dir);
    expect(await readFile(join(dir, 'site.yaml'), 'utf8')).toBe('founder: B\n');
  });
});
