import { mkdir, mkdtemp, readFile, rm, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { parseDocument } from 'yaml';
import { unpublishedNamesShown } from '../../../../contracts/owner-publish';
import { buildPaths } from '../../../build-paths';
import { describeEachStore } from '../../../testing/stores';
import { ensureWorkingCopy } from '../working-copy';
import {
  ContentTooLargeError,
  contentLimits,
  contentUsage,
  readContentFiles,
  recordVersion,
  unpublishedChanges,
} from './versions';

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

it("keeps the pictures the owner's pages and the posts name: a post's own folder first, then images/", async () => {
  await mkdir(join(working, 'images/the-first-hire'), { recursive: true });
  await writeFile(join(working, 'images/the-first-hire/whiteboard.svg'), svg);
  await writeFile(join(working, 'images/the-first-hire/left-behind.svg'), svg);
  await writeFile(join(working, 'images/stage.svg'), svg);
  await writeFile(join(working, 'images/press-shot.svg'), svg);
  const post = join(working, 'posts/the-first-hire.md');
  await writeFile(
    post,
    `${await readFile(post, 'utf8')}\n![The three answers](whiteboard.svg)\n\n![Jamie on stage](stage.svg)\n`,
  );
  const press = join(working, 'pages/press.yaml');
  await writeFile(
    press,
    (await readFile(press, 'utf8')).replace('src: portrait.svg', 'src: press-shot.svg'),
  );

  const pictures = [...(await readContentFiles(working)).keys()].filter((name) =>
    name.startsWith('images/'),
  );
  expect(pictures).toEqual(
    expect.arrayContaining([
      'images/the-first-hire/whiteboard.svg',
      'images/stage.svg',
      'images/press-shot.svg',
    ]),
  );
  expect(pictures).not.toContain('images/the-first-hire/left-behind.svg');
});

it('still refuses a working copy past its limits in files that are not pictures', async () => {
  await mkdir(join(working, 'notes'), { recursive: true });
  for (let n = 0; n <= contentLimits.files; n++) {
    await writeFile(join(working, `notes/${n}.txt`), 'x');
  }
  await expect(readContentFiles(working)).rejects.toThrow(ContentTooLargeError);
  expect((await contentUsage(working)).files).toBeGreaterThan(contentLimits.files);
});

describeEachStore('the changes not yet published', ({ store }) => {
  const built = () => readContentFiles(join(buildPaths.root, 'content'));

  it('names the files added, changed and removed since what the site is to show, the first of them only', async () => {
    expect(await unpublishedChanges(store(), working, built)).toEqual({ count: 0, files: [] });

    await unlink(join(working, 'legal/cookies.md'));
    const home = join(working, 'home.yaml');
    const document = parseDocument(await readFile(home, 'utf8'));
    document.setIn(['card', 'headline'], 'A headline not yet published');
    await writeFile(home, String(document));
    await mkdir(join(working, 'notes'), { recursive: true });
    for (let n = 10; n < 70; n++) await writeFile(join(working, `notes/${n}.txt`), 'x');

    // Before the first publish, counted from the build's content; by name, as a version lists them.
    const before = await unpublishedChanges(store(), working, built);
    expect(before.count).toBe(62);
    expect(before.files).toHaveLength(unpublishedNamesShown);
    expect(before.files.slice(0, 3)).toEqual(['home.yaml', 'legal/cookies.md', 'notes/10.txt']);
    expect(before.files.at(-1)).toBe('notes/57.txt');

    // Recorded as a version, nothing is left; the next change is counted from that version.
    const files = await readContentFiles(working);
    const version = await recordVersion(store(), {
      files,
      builtWith: await built(),
      ownerId: null,
      action: 'publish',
      now: Date.now(),
    });
    expect(version.changed.slice(0, unpublishedNamesShown)).toEqual(before.files);
    expect(await unpublishedChanges(store(), working, built)).toEqual({ count: 0, files: [] });
    await writeFile(join(working, 'notes/10.txt'), 'y');
    expect(await unpublishedChanges(store(), working, built)).toEqual({
      count: 1,
      files: ['notes/10.txt'],
    });
  });
});
