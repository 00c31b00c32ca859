import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { parseDocument } from 'yaml';
import { buildPaths } from '../../build-paths';
import { ensureWorkingCopy } from '../working-copy';
import { ContentTooLargeError, contentLimits, contentUsage, readContentFiles } from './versions';

/**
 * What a publish takes from the working copy: pictures no content file names (replaced in the
 * editor, left behind) are left out before the caps are counted, so they cannot block
 * publishing; everything else still counts.
 */
let dataDir: string;
let working: string;
beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'versions-'));
  working = await ensureWorkingCopy(dataDir, join(buildPaths.root, 'content'));
});
afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>';

it('leaves out the pictures no content file names, however many there are', async () => {
  await mkdir(join(working, 'images/replaced'), { recursive: true });
  for (let n = 0; n <= contentLimits.files; n++) {
    await writeFile(join(working, `images/replaced/${n}.svg`), svg);
  }
  // A picture the owner put in place of the portrait: named, so it is published.
  await writeFile(join(working, 'images/new-portrait.svg'), svg);
  const home = join(working, 'home.yaml');
  const document = parseDocument(await readFile(home, 'utf8'));
  document.setIn(['card', 'art', 'src'], 'new-portrait.svg');
  await writeFile(home, String(document));

  const files = await readContentFiles(working);
  const pictures = [...files.keys()].filter((name) => name.startsWith('images/'));
  expect(pictures).toContain('images/new-portrait.svg');
  expect(pictures).toContain('images/people/amara.svg');
  expect(pictures.filter((name) => name.startsWith('images/replaced/'))).toEqual([]);
  expect(files.get('home.yaml')?.toString('utf8')).toContain('new-portrait.svg');

  // The room's count is of the same files.
  expect(await contentUsage(working)).toEqual({
    files: files.size,
    bytes: [...files.values()].reduce((sum, bytes) => sum + bytes.length, 0),
  });
});

it('still refuses a working copy past its limits in files that are not pictures', async () => {
  await mkdir(join(working, 'notes'), { recursive: true });
  for (let n = 0; n <= contentLimits.files; n++) {
    await writeFile(join(working, `notes/${n}.txt`), 'x');
  }
  await expect(readContentFiles(working)).rejects.toThrow(ContentTooLargeError);
  expect((await contentUsage(working)).files).toBeGreaterThan(contentLimits.files);
});
